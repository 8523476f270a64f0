import { AppError } from "../errors/app-error";
import { failure } from "./envelope";
import type { Endpoint } from "./endpoint";
import { recordRequest } from "../modules/requestlog/request-log-buffer";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Handler = (request: Request) => Promise<Response>;

/**
 * The exports of an App Router route file: the path's endpoints by method,
 * and a 405 in the envelope (with Allow) for every other method.
 */
export function routeHandlers(...endpoints: Endpoint[]): Record<(typeof METHODS)[number], Handler> {
  const allow = endpoints.map((e) => e.method).join(", ");
  return Object.fromEntries(
    METHODS.map((method) => {
      const endpoint = endpoints.find((e) => e.method === method);
      return [
        method,
        endpoint
          ? endpoint.handle
          : (request: Request) => Promise.resolve(answerUnrouted(request, "METHOD_NOT_ALLOWED", { Allow: allow })),
      ];
    }),
  ) as Record<(typeof METHODS)[number], Handler>;
}

/** 404 / 405 under /api/v1, in the envelope and in the request log like any other answer. */
export function answerUnrouted(
  request: Request,
  code: "NOT_FOUND" | "METHOD_NOT_ALLOWED",
  headers: Record<string, string> = {},
): Response {
  const path = new URL(request.url).pathname;
  const error =
    code === "NOT_FOUND"
      ? new AppError("NOT_FOUND", { message: `No endpoint ${request.method} ${path}` })
      : new AppError("METHOD_NOT_ALLOWED", {
          message: `${request.method} is not allowed on ${path}; use ${headers.Allow}`,
          context: { allowed: headers.Allow?.split(", ") },
        });
  const response = failure(error, headers);
  recordRequest({
    createdAt: new Date(),
    accountId: null,
    apiKeyId: null,
    keyPrefix: null,
    mode: null,
    method: request.method,
    path,
    status: response.status,
    errorCode: code,
    latencyMs: 0,
    transactionId: null,
    idempotentReplay: false,
  });
  return response;
}
