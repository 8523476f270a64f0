// POST /api/v1/email/cancel and the dashboard's Cancel button: a scheduled
// message that has not left is cancelled, its money released (a refund ledger
// entry) and email.cancelled raised, in one statement. It locks the waiting
// content first, as the worker's claim does, so the two never deadlock: a
// cancel that loses the race finds the content gone and answers CONFLICT.
import { sql, db } from "../../db/client";
import type { KeyMode } from "../../db/generated/client";
import { AppError } from "../../errors/app-error";
import { namedSql } from "../../db/named-sql";
import { refundCte } from "../billing/charge-sql";
import { emailEventData } from "./email-store";
import { emailChargeReason } from "./pricing";
import { toAmountNumber } from "../../lib/money";

export type CancelScope = { accountId: string; mode?: KeyMode; actor: string };

/** `id`: the email id or its transaction id. */
export async function cancelScheduledEmail(id: string, scope: CancelScope) {
  const email = await db().emailMessage.findFirst({
    where: {
      accountId: scope.accountId,
      ...(scope.mode ? { mode: scope.mode } : {}),
      OR: [{ id }, { transactionId: id }],
    },
  });
  if (!email) throw new AppError("NOT_FOUND", { message: `No email ${id}` });
  const cancelled = { ...email, status: "cancelled" as const, updatedAt: new Date() };
  const charging = email.mode === "live" && email.priceMicros > 0n;
  const statement = namedSql(
    {
      id: email.id,
      updatedAt: cancelled.updatedAt,
      event: JSON.stringify(emailEventData(cancelled)),
      reason: `Refund: ${emailChargeReason(email.recipients)} (cancelled before it was sent)`,
      actor: scope.actor,
    },
    (p) => `
    WITH taken AS (DELETE FROM scheduled_email_contents WHERE email_id = ${p("id")}::text RETURNING email_id),
    updated AS (UPDATE email_messages SET status = 'cancelled', updated_at = ${p("updatedAt")}
      FROM taken WHERE email_messages.id = taken.email_id AND status = 'scheduled'
      RETURNING email_messages.transaction_id, email_messages.account_id, email_messages.price_micros)
    ${
      charging
        ? `, ${refundCte({
            account: "g.account_id",
            amount: "g.price_micros",
            transaction: "g.transaction_id",
            reason: `${p("reason")}::text`,
            actor: `${p("actor")}::text`,
            gate: { cte: "updated" },
          })}`
        : ""
    }
    INSERT INTO events (account_id, transaction_id, event, data)
    SELECT account_id, transaction_id, 'email.cancelled', ${p("event")}::jsonb FROM updated RETURNING 1`,
  );
  if ((await sql().query(statement)).rowCount === 0) {
    const now = await db().emailMessage.findUnique({ where: { id: email.id }, select: { status: true } });
    throw new AppError("CONFLICT", {
      message:
        now?.status === "cancelled"
          ? `Email ${email.id} is already cancelled`
          : `Email ${email.id} is not waiting to be sent (status ${now?.status}): only a scheduled message can be cancelled`,
      context: { reason: now?.status === "cancelled" ? "already_cancelled" : "not_scheduled" },
    });
  }
  return {
    email_id: email.id,
    transaction_id: email.transactionId,
    status: "cancelled" as const,
    scheduled_at: email.scheduledAt?.toISOString() ?? null,
    refunded: email.mode === "live" ? { amount: toAmountNumber(email.priceMicros), currency: email.currency } : null,
  };
}
