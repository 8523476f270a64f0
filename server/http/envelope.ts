// SPEC 1 and 7.1: every response is {success, data} or {success:false, error}.
import { AppError } from "../errors/app-error";
import { docsAnchor } from "../errors/catalogue";
import { publicUrl } from "../config/public-url";

export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function success(data: unknown, status = 200, headers?: HeadersInit): Response {
  return jsonResponse({ success: true, data }, status, headers);
}

export function errorBody(error: AppError) {
  return {
    success: false as const,
    error: {
      code: error.code,
      message: error.message,
      docs_url: `${publicUrl()}/docs/errors${docsAnchor(error.code)}`,
      ...error.context,
    },
  };
}

export function failure(error: AppError, headers?: HeadersInit): Response {
  return jsonResponse(errorBody(error), error.status, headers);
}
