import type { RateLimitResult } from "../modules/limits/consume-rate-limit";

/** SPEC 8.3 headers; they describe the window closest to running out (docs/decisions.md). */
export function rateLimitHeaders(result: RateLimitResult | undefined, retryAfter?: number): Record<string, string> {
  // A limit outside the plan's counters (domain adds, verification codes) still says when to come back.
  if (!result) return retryAfter !== undefined ? { "Retry-After": String(retryAfter) } : {};
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(result.headline.limit),
    "X-RateLimit-Remaining": String(result.headline.remaining),
    "X-RateLimit-Reset": String(result.headline.reset),
  };
  if (retryAfter !== undefined) headers["Retry-After"] = String(retryAfter);
  return headers;
}
