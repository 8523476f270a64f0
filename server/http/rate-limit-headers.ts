import type { RateLimitResult } from "../modules/limits/consume-rate-limit";

/** SPEC 8.3 headers; they describe the window closest to running out (docs/decisions.md). */
export function rateLimitHeaders(result: RateLimitResult | undefined, retryAfter?: number): Record<string, string> {
  if (!result) return {};
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(result.headline.limit),
    "X-RateLimit-Remaining": String(result.headline.remaining),
    "X-RateLimit-Reset": String(result.headline.reset),
  };
  if (retryAfter !== undefined) headers["Retry-After"] = String(retryAfter);
  return headers;
}
