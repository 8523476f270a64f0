import { db } from "../../db/client";
import { SANDBOX_NUMBERS } from "../../providers/sms";
import { smsEventData } from "./sms-view";

/**
 * The sandbox's delivery receipts: a sandbox message becomes delivered (or
 * failed, for the "undelivered" magic number) once its receipt is due. The
 * worker applies them in bulk; a status lookup applies its own first, so
 * the sandbox behaves the same with or without a worker running.
 */
export async function applySandboxReceipts(
  options: {
    transactionId?: string;
    limit?: number;
    /** The time receipts are due by (tests drive it). */ at?: Date;
  } = {},
): Promise<number> {
  return db().$transaction(async (tx) => {
    const due = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM sms_messages
      WHERE receipt_due_at <= COALESCE(${options.at ?? null}::timestamptz, now()) AND status = 'sent' AND (${options.transactionId ?? null}::text IS NULL OR id = ${options.transactionId ?? null})
      ORDER BY receipt_due_at LIMIT ${options.limit ?? 200}
      FOR UPDATE SKIP LOCKED`;
    for (const { id } of due) {
      const current = await tx.smsMessage.findUniqueOrThrow({ where: { id } });
      const delivered = current.toNumber !== SANDBOX_NUMBERS.undelivered;
      const now = new Date();
      const sms = await tx.smsMessage.update({
        where: { id },
        data: delivered
          ? { status: "delivered", deliveredAt: now, receiptDueAt: null, updatedAt: now }
          : {
              status: "failed",
              errorCode: "undelivered",
              errorMessage: "Handset unreachable (simulated receipt)",
              receiptDueAt: null,
              updatedAt: now,
            },
      });
      await tx.event.create({
        data: {
          accountId: sms.accountId,
          transactionId: id,
          event: delivered ? "sms.delivered" : "sms.failed",
          data: smsEventData(sms),
        },
      });
    }
    return due.length;
  });
}
