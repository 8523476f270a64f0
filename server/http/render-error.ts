import { randomUUID } from "node:crypto";
import { AppError, isAppError } from "../errors/app-error";
import { failure } from "./envelope";

/**
 * An AppError renders as itself. Anything else is INTERNAL_ERROR with the
 * fixed message SPEC demands; it and every 503 carry an error_id that is in
 * the server log, so support can find the stack from what the customer saw.
 */
export function renderError(error: unknown, headers?: HeadersInit): { response: Response; appError: AppError } {
  let appError: AppError;
  if (isAppError(error)) {
    appError = error;
    if (appError.status === 503 && !("error_id" in appError.context)) {
      const errorId = randomUUID();
      console.error(`[${errorId}] ${appError.code}: ${appError.message}`);
      appError = new AppError(appError.code, {
        message: appError.message,
        status: appError.status,
        context: { ...appError.context, error_id: errorId },
      });
    }
  } else {
    const errorId = randomUUID();
    console.error(`[${errorId}] unhandled:`, error);
    appError = new AppError("INTERNAL_ERROR", { message: "Internal server error", context: { error_id: errorId } });
  }
  return { response: failure(appError, headers), appError };
}
