import { randomUUID } from "node:crypto";
import { AppError, isAppError } from "../errors/app-error";
import { failureAnswer, type ApiAnswer } from "./envelope";
import { logger } from "../lib/logger";
import { isDatabaseUnavailable } from "../errors/database-unavailable";

/**
 * An AppError renders as itself. Anything else is INTERNAL_ERROR with the
 * fixed message SPEC demands; it and every 503 carry an error_id that is in
 * the server log, so support can find the stack from what the customer saw.
 * The database being out of reach is not a bug: 503 with Retry-After.
 */
export function renderError(
  error: unknown,
  headers: Record<string, string> = {},
): { answer: ApiAnswer; appError: AppError } {
  let appError: AppError;
  if (isAppError(error)) {
    appError = error;
    if (appError.status === 503 && !("error_id" in appError.context)) {
      const errorId = randomUUID();
      logger().warn({ error_id: errorId, error_code: appError.code }, appError.message);
      appError = new AppError(appError.code, {
        message: appError.message,
        status: appError.status,
        context: { ...appError.context, error_id: errorId },
      });
    }
  } else if (isDatabaseUnavailable(error)) {
    const errorId = randomUUID();
    logger().warn({ error_id: errorId, err: error }, "database unavailable");
    appError = new AppError("SERVICE_UNAVAILABLE", {
      message: "The service is briefly unavailable; retry in a few seconds (with the same idempotency_key)",
      context: { error_id: errorId },
    });
    headers = { ...headers, "retry-after": "2" };
  } else {
    const errorId = randomUUID();
    logger().error({ error_id: errorId, err: error }, "unhandled error");
    appError = new AppError("INTERNAL_ERROR", { message: "Internal server error", context: { error_id: errorId } });
  }
  // Every 503 says when to try again (SPEC 7.4: a 503 means wait and retry with the same idempotency_key).
  const answer = failureAnswer(appError, headers);
  if (answer.status === 503 && answer.headers["retry-after"] === undefined) answer.headers["retry-after"] = "2";
  return { answer, appError };
}
