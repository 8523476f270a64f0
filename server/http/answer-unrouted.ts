// 404 / 405 under /api/v1: the router's answer when no endpoint takes a request.
import { AppError } from "../errors/app-error";
import { errorBody, failureAnswer, type ApiAnswer } from "./envelope";
import type { ApiRequest } from "./api-request";
import { keyFromHeaders } from "./authenticate";
import { recordAnswer } from "./record-answer";
import { resolveApiKey } from "../modules/keys/resolve-api-key";
import { newRequestId } from "../lib/ids";

/**
 * 404 / 405 under /api/v1, in the envelope, with a request id, and in the
 * request log like any other answer: in the account's own log when the request
 * carried a key we know.
 */
export async function answerUnrouted(
  request: ApiRequest,
  code: "NOT_FOUND" | "METHOD_NOT_ALLOWED",
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const startedMs = performance.now();
  const arrivedAt = new Date();
  const requestId = newRequestId();
  const path = request.url.pathname;
  const error =
    code === "NOT_FOUND"
      ? new AppError("NOT_FOUND", { message: `No endpoint ${request.method} ${path}` })
      : new AppError("METHOD_NOT_ALLOWED", {
          message: `${request.method} is not allowed on ${path}; use ${headers.Allow}`,
          context: { allowed: headers.Allow?.split(", ") },
        });
  const key = keyFromHeaders(request.headers);
  const caller = key ? await resolveApiKey(key).catch(() => null) : null;
  const response = failureAnswer(error, { ...headers, "x-request-id": requestId });
  recordAnswer({
    requestId,
    method: request.method,
    path,
    route: null,
    arrivedAt,
    startedMs,
    caller,
    status: response.status,
    errorCode: code,
    transactionId: null,
    replayed: false,
    bodies: caller ? { request: null, response: errorBody(error) } : undefined,
    service: null,
  });
  return response;
}
