// SPEC 1 and 7.1: every response is {success, data} or {success:false, error}.
import { AppError } from "../errors/app-error";
import { docsAnchor } from "../errors/catalogue";
import { publicUrl } from "../config/public-url";

/** The text of each answer jsonResponse() made, so the lean front writes it as is instead of reading the body back. */
const jsonTexts = new WeakMap<Response, string>();

export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const text = JSON.stringify(body);
  const response = new Response(text, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
  jsonTexts.set(response, text);
  return response;
}

/** The JSON text an unread answer of jsonResponse() carries (undefined for any other, or one already read). */
export function jsonTextOf(response: Response): string | undefined {
  return response.bodyUsed ? undefined : jsonTexts.get(response);
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
