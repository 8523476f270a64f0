// A verification's writes around each send, one statement each. The send is
// claimed (and the message's transaction id linked) before the message is
// handed over, so a crash can only leave a claimed send that never left, never
// a message nobody can find; a send that failed or never started gives its
// claim back.
import { db, sql } from "../../db/client";
import type { Verification } from "../../db/generated/client";
import { newId } from "../../lib/ids";
import { rateLimited } from "../../errors/rate-limited";
import { hashVerifyCode, newVerifyCode, sealVerifyCode, unsealVerifyCode } from "./verify-code";
import { MAX_SENDS, RESEND_COOLDOWN_S } from "./verification-view";

export type NewVerification = {
  accountId: string;
  apiKeyId: string;
  mode: "live" | "test";
  channel: "sms" | "email";
  to: string;
  countryIso: string | null;
  prefix: string | null;
  codeLength: number;
  brand: string;
  locale: string;
  ttlSeconds: number;
};

export type ClaimedSend = { verification: Verification; code: string; previousSentAt: Date | null; created: boolean };

/** The pending, unexpired verification to this destination, if any: a send to it is a resend. */
export async function pendingVerification(accountId: string, mode: string, to: string) {
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

/** A new verification, its first send claimed and linked to `transactionId`. */
export async function createVerification(v: NewVerification, transactionId: string): Promise<ClaimedSend> {
  // A pending one whose time is up frees the destination first (the unique index allows one pending per destination).
  await sql().query(
    `UPDATE verifications SET status = 'expired', updated_at = now(),
            code_sealed = CASE WHEN mode = 'live' THEN NULL ELSE code_sealed END
     WHERE account_id = $1 AND mode = $2 AND to_address = $3 AND status = 'pending' AND expires_at <= now()`,
    [v.accountId, v.mode, v.to],
  );
  const id = newId("ver");
  const code = newVerifyCode(v.codeLength);
  const { rows } = await sql().query<{ id: string }>(
    `WITH created AS (
       INSERT INTO verifications (id, account_id, api_key_id, mode, channel, to_address, country_iso, prefix, code_hash,
                                  code_sealed, code_length, brand, locale, ttl_seconds, sends, last_sent_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::int, 1, now(), now() + make_interval(secs => $14::int))
       ON CONFLICT (account_id, mode, to_address) WHERE status = 'pending' DO NOTHING
       RETURNING id),
     linked AS (INSERT INTO verification_messages (transaction_id, verification_id) SELECT $15, id FROM created)
     SELECT id FROM created`,
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
  // Another request started one to this destination a moment ago: this one is a resend inside its cooldown.
  if (!rows[0]) throw cooldown(RESEND_COOLDOWN_S);
  const verification = await db().verification.findUniqueOrThrow({ where: { id } });
  return { verification, code, previousSentAt: null, created: true };
}

/** The next send of a pending verification (the same code), after its cooldown and within its sends. */
export async function claimResend(existing: Verification, transactionId: string): Promise<ClaimedSend> {
  const { rows } = await sql().query<{ id: string }>(
    `WITH claimed AS (
       UPDATE verifications SET sends = sends + 1, last_sent_at = now(), updated_at = now(),
              expires_at = greatest(expires_at, now() + make_interval(secs => ttl_seconds))
       WHERE id = $1 AND status = 'pending' AND expires_at > now() AND sends < $3
         AND (last_sent_at IS NULL OR last_sent_at <= now() - make_interval(secs => $4))
       RETURNING id),
     linked AS (INSERT INTO verification_messages (transaction_id, verification_id) SELECT $2, id FROM claimed)
     SELECT id FROM claimed`,
    [existing.id, transactionId, MAX_SENDS, RESEND_COOLDOWN_S],
  );
  const verification = await db().verification.findUniqueOrThrow({ where: { id: existing.id } });
  if (!rows[0]) throw resendRefusal(verification);
  return {
    verification,
    code: unsealVerifyCode(verification.codeSealed!),
    previousSentAt: existing.lastSentAt,
    created: false,
  };
}

/** 429 for a resend too soon or past the verification's sends. */
function resendRefusal(v: Verification) {
  if (v.sends >= MAX_SENDS)
    return rateLimited(
      `This verification was sent ${MAX_SENDS} times, the most it may be; a new one can start when it expires`,
      MAX_SENDS,
      (v.expiresAt.getTime() - Date.now()) / 1000,
    );
  const sinceLast = v.lastSentAt ? (Date.now() - v.lastSentAt.getTime()) / 1000 : RESEND_COOLDOWN_S;
  return cooldown(RESEND_COOLDOWN_S - sinceLast);
}

function cooldown(retryAfterS: number) {
  return rateLimited(`Wait ${RESEND_COOLDOWN_S} s between two sends of a code`, 1, retryAfterS);
}

/**
 * The send did not leave. With a message recorded (it failed at the carrier or relay, refunded), the send stays
 * counted but starts no cooldown. With none (the balance was short, the request ran out of time before it), the
 * claim is undone: a new verification is removed, a resend's count and time restored.
 */
export async function giveBackSend(claim: ClaimedSend, transactionId: string, messageRecorded: boolean) {
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
