// A verification's writes around each send. The send is claimed (and the
// message's transaction id linked) in one transaction under the destination's
// lock (its number block's, for SMS) before the message is handed over: the
// velocity limits and the conversion guard are counted there, so parallel
// requests cannot all pass before one is written, and a crash can only leave a
// claimed send that never left, never a message nobody can find. A send that
// failed or never started gives its claim back.
import type { PoolClient } from "pg";
import { db, sql } from "../../db/client";
import { inPgTransaction } from "../../db/pg-transaction";
import type { Verification } from "../../db/generated/client";
import { newId } from "../../lib/ids";
import type { AppError } from "../../errors/app-error";
import { rateLimited } from "../../errors/rate-limited";
import { SANDBOX_NUMBERS } from "../../providers/sms/sandbox";
import { hashVerifyCode, newVerifyCode, sealVerifyCode, unsealVerifyCode } from "./verify-code";
import { MAX_SENDS, RESEND_COOLDOWN_S } from "./verification-view";
import { velocityRefusal } from "./fraud-guard";
import { conversionRefusal } from "./conversion-guard";

export type SendClaimInput = {
  accountId: string;
  apiKeyId: string;
  mode: "live" | "test";
  channel: "sms" | "email" | "whatsapp";
  to: string;
  countryIso: string | null;
  prefix: string | null;
  codeLength: number;
  brand: string;
  locale: string;
  ttlSeconds: number;
};

export type ClaimedSend = { verification: Verification; code: string; previousSentAt: Date | null; created: boolean };

const SANDBOX = new Set<string>(Object.values(SANDBOX_NUMBERS));

/** The pending, unexpired verification to this destination, if any: a send to it is a resend. */
export async function pendingVerification({ accountId, mode, to }: { accountId: string; mode: string; to: string }) {
  return db().verification.findFirst({
    where: {
      accountId,
      mode: mode as "live" | "test",
      toAddress: to,
      status: "pending",
      expiresAt: { gt: new Date() },
    },
  });
}

/**
 * The send of a code to `v.to`: a resend of its pending verification, or a new verification. Throws the fraud
 * guard's or the cooldown's refusal (a block the conversion guard puts up is kept: it is committed first).
 */
export async function claimSend(v: SendClaimInput, transactionId: string): Promise<ClaimedSend> {
  const outcome: { claim: ClaimedSend } | { refusal: AppError } = await inPgTransaction(
    (client) => claimLocked(client, v, transactionId),
    { lock: `verify:${v.accountId}:${v.mode}:${v.prefix ?? v.to}` },
  );
  if ("refusal" in outcome) throw outcome.refusal;
  return outcome.claim;
}

async function claimLocked(client: PoolClient, v: SendClaimInput, transactionId: string) {
  // A pending one whose time is up frees the destination first.
  await client.query(
    `UPDATE verifications SET status = 'expired', updated_at = now(),
            code_sealed = CASE WHEN mode = 'live' THEN NULL ELSE code_sealed END
     WHERE account_id = $1 AND mode = $2 AND to_address = $3 AND status = 'pending' AND expires_at <= now()`,
    [v.accountId, v.mode, v.to],
  );
  const { rows } = await client.query<{ id: string }>(
    `SELECT id FROM verifications WHERE account_id = $1 AND mode = $2 AND to_address = $3 AND status = 'pending'`,
    [v.accountId, v.mode, v.to],
  );
  const existing = rows[0] ? await read(client, rows[0].id) : null;
  // The sandbox's magic numbers are every integration's test fixtures: the guard would soon stop them all.
  const guarded = !(v.mode === "test" && SANDBOX.has(v.to));
  if (guarded) {
    const refusal =
      (await velocityRefusal(client, { ...v, isNew: !existing })) ??
      (v.prefix
        ? await conversionRefusal({
            client,
            accountId: v.accountId,
            mode: v.mode,
            prefix: v.prefix,
            countryIso: v.countryIso!,
          })
        : null);
    if (refusal) return { refusal };
  }
  return existing ? resend(client, existing, transactionId) : { claim: await create(client, v, transactionId) };
}

async function create(client: PoolClient, v: SendClaimInput, transactionId: string): Promise<ClaimedSend> {
  const id = newId("ver");
  const code = newVerifyCode(v.codeLength);
  await client.query(
    `WITH created AS (
       INSERT INTO verifications (id, account_id, api_key_id, mode, channel, to_address, country_iso, prefix, code_hash,
                                  code_sealed, code_length, brand, locale, ttl_seconds, sends, last_sent_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::int, 1, now(), now() + make_interval(secs => $14::int))
       RETURNING id)
     INSERT INTO verification_messages (transaction_id, verification_id) SELECT $15, id FROM created`,
    [
      id,
      v.accountId,
      v.apiKeyId,
      v.mode,
      v.channel,
      v.to,
      v.countryIso,
      v.prefix,
      hashVerifyCode(id, code),
      sealVerifyCode(code),
      v.codeLength,
      v.brand,
      v.locale,
      v.ttlSeconds,
      transactionId,
    ],
  );
  return { verification: await read(client, id), code, previousSentAt: null, created: true };
}

/** The next send of a pending verification (the same code), after its cooldown and within its sends. */
async function resend(client: PoolClient, existing: Verification, transactionId: string) {
  if (existing.sends >= MAX_SENDS)
    return {
      refusal: rateLimited(
        `This verification was sent ${MAX_SENDS} times, the most it may be; a new one can start when it expires`,
        MAX_SENDS,
        (existing.expiresAt.getTime() - Date.now()) / 1000,
      ),
    };
  const sinceLast = existing.lastSentAt ? (Date.now() - existing.lastSentAt.getTime()) / 1000 : Infinity;
  if (sinceLast < RESEND_COOLDOWN_S) return { refusal: cooldown(RESEND_COOLDOWN_S - sinceLast) };
  // Read before the claim: a code that cannot be read must not leave a send claimed.
  const code = unsealVerifyCode(existing.codeSealed!);
  await client.query(
    `WITH claimed AS (
       UPDATE verifications SET sends = sends + 1, last_sent_at = now(), updated_at = now(),
              expires_at = greatest(expires_at, now() + make_interval(secs => ttl_seconds))
       WHERE id = $1 RETURNING id)
     INSERT INTO verification_messages (transaction_id, verification_id) SELECT $2, id FROM claimed`,
    [existing.id, transactionId],
  );
  const verification = await read(client, existing.id);
  return { claim: { verification, code, previousSentAt: existing.lastSentAt, created: false } };
}

/** The row as this transaction sees it (Prisma's client would read outside it). */
async function read(client: PoolClient, id: string): Promise<Verification> {
  const { rows } = await client.query(
    `SELECT id, account_id AS "accountId", api_key_id AS "apiKeyId", mode, channel, to_address AS "toAddress",
            country_iso AS "countryIso", prefix, code_hash AS "codeHash", code_sealed AS "codeSealed",
            code_length AS "codeLength", brand, locale, ttl_seconds AS "ttlSeconds", status,
            wrong_attempts AS "wrongAttempts", sends, last_sent_at AS "lastSentAt", expires_at AS "expiresAt",
            approved_at AS "approvedAt", created_at AS "createdAt", updated_at AS "updatedAt"
     FROM verifications WHERE id = $1`,
    [id],
  );
  return rows[0] as Verification;
}

function cooldown(retryAfterS: number) {
  return rateLimited(`Wait ${RESEND_COOLDOWN_S} s between two sends of a code`, 1, retryAfterS);
}

/**
 * The send did not leave. With a message recorded (it failed at the carrier or relay, refunded), the send stays
 * counted but starts no cooldown. With none (the balance was short, the request ran out of time before it), the
 * claim is undone: a new verification is removed, a resend's count and time restored.
 */
export async function giveBackSend({
  claim,
  transactionId,
  messageRecorded,
}: {
  claim: ClaimedSend;
  transactionId: string;
  messageRecorded: boolean;
}) {
  const id = claim.verification.id;
  if (messageRecorded) {
    await sql().query(`UPDATE verifications SET last_sent_at = $2 WHERE id = $1`, [id, claim.previousSentAt]);
    return;
  }
  if (claim.created) {
    await sql().query(`DELETE FROM verifications WHERE id = $1`, [id]);
    return;
  }
  await sql().query(
    `WITH unlinked AS (DELETE FROM verification_messages WHERE transaction_id = $3)
     UPDATE verifications SET sends = sends - 1, last_sent_at = $2 WHERE id = $1`,
    [id, claim.previousSentAt, transactionId],
  );
}
