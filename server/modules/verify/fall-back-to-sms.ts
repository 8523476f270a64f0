// Verify's channel auto (issue #42, point 5): the SMS with the same code, when WhatsApp failed or had not delivered
// within fallback_seconds. Claimed once (fallback_at cleared, the send counted as the fraud guard counts sends, the
// SMS's transaction linked to the verification, all in one statement), then sent as any Verify SMS: charged as sent,
// its text kept with the code masked. The worker's pass finds the due ones, and one whose WhatsApp failed, at once.
import { db, sql } from "../../db/client";
import { logger } from "../../lib/logger";
import { newTransactionId } from "../../lib/transaction-ids";
import type { ApiCaller } from "../keys/resolve-api-key";
import { prepareSms, sendSms } from "../sms/send-sms";
import { unsealVerifyCode } from "./verify-code";
import { verifyText } from "./verify-messages";

/**
 * Sends the SMS for a pending verification. `due`: only if its fallback is still pending (the worker's claim); without
 * it (the request, Meta having refused the WhatsApp message at once), whenever it is pending. Returns whether it went.
 */
export async function fallBackToSms(verificationId: string, { due = false } = {}): Promise<boolean> {
  const transactionId = newTransactionId("sms");
  const { rows } = await sql().query(
    `WITH claimed AS (
       UPDATE verifications SET fallback_at = NULL, sends = sends + 1, last_sent_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'pending' AND expires_at > now() AND (NOT $2 OR fallback_at IS NOT NULL)
       RETURNING *),
     linked AS (INSERT INTO verification_messages (transaction_id, verification_id) SELECT $3, id FROM claimed)
     SELECT * FROM claimed`,
    [verificationId, due, transactionId],
  );
  const v = rows[0];
  if (!v || !v.code_sealed) return false;
  const settings = { brand: v.brand, locale: v.locale, codeLength: v.code_length, ttlSeconds: v.ttl_seconds };
  const text = verifyText(settings, unsealVerifyCode(v.code_sealed));
  const caller = await callerOf(v.account_id, v.api_key_id, v.mode);
  try {
    const input = { to: v.to_address, message: text, category: "transactional" as const, reference: v.id };
    await sendSms({
      input,
      plan: await prepareSms(input, caller),
      caller,
      options: { id: transactionId, storedBody: verifyText(settings, "•".repeat(v.code_length)) },
    });
  } catch (error) {
    // The SMS's own row says why (refused, no balance); the verification stays pending for a resend.
    logger().warn({ err: (error as Error).message, verificationId }, "verify: the SMS fallback was not sent");
  }
  return true;
}

/** The worker's pass: verifications whose WhatsApp failed, or is not delivered by its time. */
export async function fallBackDueVerifications(): Promise<number> {
  const { rows } = await sql().query<{ id: string; delivered: boolean }>(
    `SELECT v.id, EXISTS (SELECT 1 FROM verification_messages m JOIN whatsapp_messages w ON w.id = m.transaction_id
                          WHERE m.verification_id = v.id AND w.status IN ('delivered', 'read')) AS delivered
     FROM verifications v
     WHERE v.fallback_at IS NOT NULL AND v.status = 'pending'
       AND (v.fallback_at <= now() OR EXISTS (
             SELECT 1 FROM verification_messages m JOIN whatsapp_messages w ON w.id = m.transaction_id
             WHERE m.verification_id = v.id AND w.status = 'failed'))
     ORDER BY v.fallback_at LIMIT 200`,
  );
  let sent = 0;
  for (const row of rows) {
    if (row.delivered) {
      await sql().query(`UPDATE verifications SET fallback_at = NULL WHERE id = $1`, [row.id]);
      continue;
    }
    if (await fallBackToSms(row.id, { due: true })) sent++;
  }
  // Those no longer pending (approved, expired) need no SMS: their fallback is dropped.
  await sql().query(
    `UPDATE verifications SET fallback_at = NULL WHERE fallback_at IS NOT NULL AND status <> 'pending'`,
  );
  return sent;
}

/** The caller the SMS goes as: the key that asked for the verification, as the broadcasts' worker does. */
async function callerOf(accountId: string, keyId: string, mode: "test" | "live"): Promise<ApiCaller> {
  const account = await db().account.findUniqueOrThrow({
    where: { id: accountId },
    select: { status: true, planId: true, currency: true },
  });
  return {
    keyId,
    keyPrefix: "verify",
    mode,
    scopes: [],
    accountId,
    accountStatus: account.status,
    ownerEmailVerified: true,
    planId: account.planId,
    currency: account.currency,
  };
}
