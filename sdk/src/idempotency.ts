// SPEC 8.2: sends and purchases take `idempotency_key` in the JSON body (the
// API reads no header for it). With a key, a retry after a lost answer is
// answered from the first request instead of sending twice, so the SDK gives
// every send one, made once and kept across its own retries.

/** The body with the caller's idempotency_key, or a fresh one when the caller gave none. */
export function withIdempotencyKey<B extends object>(body: B): B & { idempotency_key: string } {
  const given = (body as { idempotency_key?: unknown }).idempotency_key;
  if (typeof given === "string" && given !== "") return body as B & { idempotency_key: string };
  return { ...body, idempotency_key: newIdempotencyKey() };
}

export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
