import { AppError } from "./app-error";

/**
 * RATE_LIMIT_EXCEEDED for a limit outside the plan's counters (domain adds,
 * verification codes): SPEC 7.1's context (limit, remaining, reset,
 * retryAfter), and the pipeline turns retryAfter into the Retry-After header.
 */
export function rateLimited(message: string, limit: number, retryAfterS: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterS));
  return new AppError("RATE_LIMIT_EXCEEDED", {
    message,
    context: { limit, remaining: 0, reset: Math.floor(Date.now() / 1000) + retryAfter, retryAfter },
  });
}
