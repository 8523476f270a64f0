// SPEC 1 and 7.1: every response is {success, data} or {success:false, error}.
import { AppError } from "../errors/app-error";
import { docsAnchor } from "../errors/catalogue";
import { publicUrl } from "../config/public-url";

/**
 * An answer of the /api/v1 pipeline, as plain data: the lean front writes it straight to the socket, and only the
 * App Router's route files (`npm run start:next`) make a Web Response of it (toResponse). Building a Response for every answer and reading
 * it back cost the front about 3 % of a live send's CPU (scripts/bench/profile-send.ts). Header names are lower case.
 */
export type ApiAnswer = { status: number; headers: Record<string, string>; text: string };

export function jsonAnswer(body: unknown, status = 200, headers: Record<string, string> = {}): ApiAnswer {
  const answer: ApiAnswer = {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
    text: JSON.stringify(body),
  };
  for (const name in headers) answer.headers[name.toLowerCase()] = headers[name]!;
  return answer;
}

export function toResponse(answer: ApiAnswer): Response {
  return new Response(answer.text, { status: answer.status, headers: answer.headers });
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

export function failureAnswer(error: AppError, headers?: Record<string, string>): ApiAnswer {
  return jsonAnswer(errorBody(error), error.status, headers);
}
