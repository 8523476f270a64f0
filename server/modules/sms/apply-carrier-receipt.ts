import { db } from "../../db/client";
import { smsEventData } from "./sms-view";

export type CarrierReceipt = { provider: string; messageId: string; outcome: "delivered" | "failed"; errorCode?: string | null; detail?: string | null };

/**
 * A delivery receipt from a carrier, matched to our message by the carrier's
 * message id. Only a sent message moves, once: a repeated or late receipt
 * changes nothing and raises no second event. Returns whether it applied.
 */
export async function applyCarrierReceipt(receipt: CarrierReceipt): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const sms = await tx.smsMessage.findFirst({ where: { provider: receipt.provider, providerMessageId: receipt.messageId } });
    if (!sms) return false;
    const now = new Date();
    const moved = await tx.smsMessage.updateMany({
      where: { id: sms.id, status: "sent" },
      data:
        receipt.outcome === "delivered"
          ? { status: "delivered", deliveredAt: now, updatedAt: now }
          : { status: "failed", errorCode: receipt.errorCode ?? "undelivered", errorMessage: receipt.detail ?? "Carrier reported the message undelivered", updatedAt: now },
    });
    if (moved.count === 0) return false;
    const updated = await tx.smsMessage.findUniqueOrThrow({ where: { id: sms.id } });
    await tx.event.create({ data: { accountId: sms.accountId, transactionId: sms.id, event: receipt.outcome === "delivered" ? "sms.delivered" : "sms.failed", data: smsEventData(updated) } });
    return true;
  });
}
