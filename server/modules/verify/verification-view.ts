// A verification as the API answers it (verify/send, verify/check,
// verify/status): never its code.
import { sql } from "../../db/client";
import type { Verification } from "../../db/generated/client";
import { toAmountNumber } from "../../lib/money";

export const MAX_WRONG_CODES = 5;
export const MAX_SENDS = 5;
export const RESEND_COOLDOWN_S = 30;

/** Stored pending with its time up is expired: the worker writes that down soon, the answer says it now. */
export function effectiveStatus(v: Pick<Verification, "status" | "expiresAt">) {
  return v.status === "pending" && v.expiresAt.getTime() <= Date.now() ? ("expired" as const) : v.status;
}

export function verificationView(v: Verification, spent: { micros: bigint; currency: string }) {
  const status = effectiveStatus(v);
  return {
    verification_id: v.id,
    to: v.toAddress,
    channel: v.channel,
    status,
    expires_at: v.expiresAt.toISOString(),
    attempts_left: status === "failed" ? 0 : Math.max(0, MAX_WRONG_CODES - v.wrongAttempts),
    sends: v.sends,
    price: { amount: toAmountNumber(spent.micros), currency: spent.currency },
    created_at: v.createdAt.toISOString(),
    approved_at: v.approvedAt?.toISOString() ?? null,
  };
}

/** What the verification's messages cost so far: each one charged as the SMS, email or WhatsApp message it is (a failed one refunded). */
export async function verificationSpend(verificationId: string): Promise<{ micros: bigint; currency: string }> {
  const { rows } = await sql().query<{ micros: string; currency: string | null }>(
    `SELECT coalesce(sum(coalesce(s.price_micros, e.price_micros, w.price_micros)), 0)::text AS micros,
            min(coalesce(s.currency, e.currency, w.currency)) AS currency
     FROM verification_messages m
     LEFT JOIN sms_messages s ON s.id = m.transaction_id AND s.status <> 'failed'
     LEFT JOIN email_messages e ON e.transaction_id = m.transaction_id AND e.status <> 'failed'
     LEFT JOIN whatsapp_messages w ON w.id = m.transaction_id AND w.status <> 'failed'
     WHERE m.verification_id = $1`,
    [verificationId],
  );
  return { micros: BigInt(rows[0]!.micros), currency: rows[0]!.currency ?? "USD" };
}

export async function answerVerification(v: Verification) {
  return verificationView(v, await verificationSpend(v.id));
}

/** The data of verify.approved / verify.failed. */
export function verificationEventData(v: Verification) {
  const { price: _price, ...rest } = verificationView(v, { micros: 0n, currency: "USD" });
  return { ...rest, type: "verification", country: v.countryIso };
}
