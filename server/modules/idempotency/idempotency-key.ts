// SPEC 8.2. A key is scoped to the account, the key mode and the service. The
// first request claims it (in_flight); a repeat then gets 409 until the first
// settles, and the stored response once it has. A failed request releases the
// key. The statement that creates the request's transaction binds the key to
// it (bind-key-sql.ts). A claim whose lock ran out (its process died) is taken
// over only when it has no transaction: that request provably never left
// Kasa, and each claim carries a fresh token, so the old request, if it still
// runs, can neither bind, complete nor release the key it lost. One with a
// transaction is answered from that transaction as it now
// stands (`bound`: 409 while it is pending), so a retry can never send or
// charge a second time.
import { createHash, randomUUID } from "node:crypto";
import { db } from "../../db/client";

export const RETENTION_HOURS = 24;
// Only a claim with no transaction can be taken over (a request that never left Kasa), and every request
// creates its transaction within its 10 s deadline, or answers 503: 15 s is past both.
export const LOCK_SECONDS = 15;

export type IdempotencyScope = {
  accountId: string;
  mode: "test" | "live";
  service: string;
  key: string;
  /** Set when this request claimed the key: only the holder of this token can bind, complete or release it. */
  claimToken?: string;
};
export type ClaimOutcome =
  | { outcome: "claimed"; claimToken: string }
  | { outcome: "replay"; status: number; body: unknown }
  | { outcome: "in_progress" }
  | { outcome: "bound"; transactionId: string }
  | { outcome: "mismatch" };

/** What identifies "the same request": the validated input, minus the key itself. */
export function requestFingerprint(input: Record<string, unknown>): string {
  const { idempotency_key: _ignored, ...rest } = input;
  return createHash("sha256").update(stableJson(rest)).digest("hex");
}

export async function claimIdempotencyKey(scope: IdempotencyScope, requestHash: string): Promise<ClaimOutcome> {
  const claimToken = randomUUID();
  const claimed = await db().$queryRaw<{ ok: number }[]>`
    INSERT INTO idempotency_keys AS k (account_id, mode, service, key, request_hash, state, locked_until, expires_at, claim_token)
    VALUES (${scope.accountId}, ${scope.mode}::"key_mode", ${scope.service}, ${scope.key}, ${requestHash}, 'in_flight',
            now() + make_interval(secs => ${LOCK_SECONDS}), now() + make_interval(hours => ${RETENTION_HOURS}), ${claimToken})
    ON CONFLICT (account_id, mode, service, key) DO UPDATE SET
      request_hash = EXCLUDED.request_hash, state = 'in_flight', locked_until = EXCLUDED.locked_until,
      expires_at = EXCLUDED.expires_at, response_status = NULL, response_body = NULL, transaction_id = NULL,
      claim_token = EXCLUDED.claim_token, created_at = now()
    WHERE k.expires_at <= now() OR (k.state = 'in_flight' AND k.locked_until <= now() AND k.transaction_id IS NULL)
    RETURNING 1 AS ok`;
  if (claimed.length) return { outcome: "claimed", claimToken };

  const { accountId, mode, service, key } = scope;
  const existing = await db().idempotencyKey.findUnique({
    where: { accountId_mode_service_key: { accountId, mode, service, key } },
  });
  if (!existing) return claimIdempotencyKey(scope, requestHash); // released between our two statements
  if (existing.state === "in_flight") {
    // With a transaction, the answer is that transaction as it stands (still pending: 409), whether the first
    // request is alive or not; without one, the first request is still before its send.
    if (!existing.transactionId) return { outcome: "in_progress" };
    return existing.requestHash === requestHash
      ? { outcome: "bound", transactionId: existing.transactionId }
      : { outcome: "mismatch" };
  }
  if (existing.requestHash !== requestHash) return { outcome: "mismatch" };
  return { outcome: "replay", status: existing.responseStatus!, body: existing.responseBody };
}

export async function completeIdempotencyKey({
  scope,
  status,
  body,
}: {
  scope: IdempotencyScope;
  status: number;
  body: unknown;
}): Promise<void> {
  // A claim token (when this request claimed the key) limits this to the key it still holds.
  await db().idempotencyKey.updateMany({
    where: { ...scope, state: "in_flight" },
    data: { state: "done", responseStatus: status, responseBody: body as object },
  });
}

export async function releaseIdempotencyKey(scope: IdempotencyScope): Promise<void> {
  await db().idempotencyKey.deleteMany({ where: { ...scope, state: "in_flight" } });
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
