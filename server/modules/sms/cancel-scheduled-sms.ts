// POST /api/v1/sms/{id}/cancel and the dashboard's Cancel: an SMS waiting for
// its country's window is cancelled before it leaves, its hold released (a
// refund entry, live) and sms.cancelled raised, in one statement guarded by
// status = 'scheduled': a cancel that loses the race to the worker's claim
// finds the message pending or sent and answers CONFLICT.
import { db } from "../../db/client";
import type { KeyMode } from "../../db/generated/client";
import { AppError } from "../../errors/app-error";
import { toAmountNumber } from "../../lib/money";
import { markSmsCancelled } from "./sms-store";

export async function cancelScheduledSms(id: string, scope: { accountId: string; mode?: KeyMode }) {
  const sms = await db().smsMessage.findFirst({
    where: { id, accountId: scope.accountId, ...(scope.mode ? { mode: scope.mode } : {}) },
  });
  if (!sms) throw new AppError("NOT_FOUND", { message: `No SMS ${id}` });
  const cancelled = { ...sms, status: "cancelled" as const, updatedAt: new Date() };
  if (!(await markSmsCancelled(cancelled, `Refund: SMS to ${sms.toNumber} (cancelled before it was sent)`))) {
    const now = await db().smsMessage.findUnique({ where: { id: sms.id }, select: { status: true } });
    throw new AppError("CONFLICT", {
      message:
        now?.status === "cancelled"
          ? `SMS ${sms.id} is already cancelled`
          : `SMS ${sms.id} is not waiting for its window (status ${now?.status}): only a scheduled message can be cancelled`,
      context: { reason: now?.status === "cancelled" ? "already_cancelled" : "not_scheduled", status: now?.status },
    });
  }
  return {
    transaction_id: sms.id,
    status: "cancelled" as const,
    scheduled_at: sms.scheduledAt?.toISOString() ?? null,
    refunded: sms.mode === "live" ? { amount: toAmountNumber(sms.priceMicros), currency: sms.currency } : null,
  };
}
