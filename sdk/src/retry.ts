// When a failed request may be sent again, and after how long (SPEC 7.4 and 8.2).
//
// Retrying is safe only where it cannot do the work twice:
// - 429: a limited request was refused before anything ran, so any request may
//   wait and go again, for Retry-After seconds when that is short enough.
// - 409 REQUEST_IN_PROGRESS: the first request with this key is still running;
//   asking again later gets its answer.
// - 5xx the API's catalogue marks retryable (SPEC 7.4; src/generated/retryable.ts,
//   from the document), a proxy's 502/503/504, and no answer at
//   all: only for a request that is repeatable, a read or a send carrying an
//   idempotency key, since the first attempt may have done the work.
// Never a 4xx: the same request fails the same way.
import type { KasaError } from "./errors.js";
import { RETRYABLE } from "./generated/retryable.js";

/** The first wait; each retry doubles it (SPEC 7.4: start at 1 second and double). */
export const BASE_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 30_000;
/** A longer Retry-After (a day's or a month's limit) is the caller's to handle: the error says when. */
export const MAX_RETRY_AFTER_MS = 60_000;

export type Failure =
  { kind: "answer"; error: KasaError; retryAfter: string | null } | { kind: "no_answer"; timedOut: boolean };

/** Milliseconds to wait before sending `failure`'s request again, or null when it must not be sent again. */
export function retryDelayMs(failure: Failure, attempt: number, repeatable: boolean, now = Date.now()): number | null {
  if (failure.kind === "no_answer") return repeatable ? backoffMs(attempt) : null;
  const { error } = failure;
  const waitAsked = parseRetryAfter(failure.retryAfter, now);
  if (error.status === 429) {
    if (waitAsked !== null) return waitAsked <= MAX_RETRY_AFTER_MS ? waitAsked : null;
    return backoffMs(attempt);
  }
  if (error.code === "REQUEST_IN_PROGRESS") return backoffMs(attempt);
  if (!repeatable || !isRetryableServerError(error)) return null;
  return waitAsked !== null ? Math.min(waitAsked, MAX_RETRY_AFTER_MS) : backoffMs(attempt);
}

/** What the API's error catalogue says (generated from the document's `x-retryable`), for answers from 500 up. */
function isRetryableServerError(error: KasaError): boolean {
  if (error.status < 500) return false;
  const rule = RETRYABLE[error.code];
  if (rule === true) return true;
  if (rule) return error.context[rule.unlessContext] === undefined;
  // Not Kasa's answer: a proxy or load balancer in front of it failed.
  return error.code === "UNEXPECTED_RESPONSE" && [502, 503, 504].includes(error.status);
}

/** 1 s, 2 s, 4 s... capped, each stretched by up to a quarter so that many clients do not retry in step. */
export function backoffMs(attempt: number, random = Math.random): number {
  return Math.round(Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt * (1 + random() / 4)));
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === "") return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
