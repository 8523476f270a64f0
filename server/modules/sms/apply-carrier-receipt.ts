import { db } from "../../db/client";
import type { CarrierReceiptReport } from "../../providers/sms";
import { smsEventData } from "./sms-view";

export type CarrierReceipt = CarrierReceiptReport;

/**
 * A delivery receipt from a carrier, matched to our message by the carrier's
 * id of one of its parts. A message is delivered when every part is, and
 * failed as soon as one part fails. Only a sent (or unknown) message moves,
 * once: a repeated or late receipt changes nothing and raises no second
 * event. Returns whether the message moved.
 */
export async function applyCarrierReceipt(receipt: CarrierReceipt): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const part = await tx.smsPart.findFirst({
      where: { provider: receipt.provider, carrierMessageId: { in: idForms(receipt.messageId) } },
    });
    // Long messages have a row per part; a one-part message is its own part.
    const smsId =
      part?.smsId ??
      (
        await tx.smsMessage.findFirst({
          where: { provider: receipt.provider, providerMessageId: { in: idForms(receipt.messageId) } },
          select: { id: true },
        })
      )?.id;
    if (!smsId) return false;
    if (part) {
      await tx.smsPart.updateMany({
        where: { provider: part.provider, carrierMessageId: part.carrierMessageId, status: "sent" },
        data: { status: receipt.outcome, errorCode: receipt.errorCode ?? null, updatedAt: new Date() },
      });
    }
    const parts = await tx.smsPart.findMany({ where: { smsId }, select: { status: true } });
    const outcome =
      receipt.outcome === "failed" ? "failed" : parts.every((p) => p.status === "delivered") ? "delivered" : null;
    if (!outcome) return false; // other parts still on their way
    const now = new Date();
    const moved = await tx.smsMessage.updateMany({
      where: { id: smsId, status: { in: ["sent", "unknown"] } },
      data:
        outcome === "delivered"
          ? { status: "delivered", deliveredAt: now, updatedAt: now }
          : {
              status: "failed",
              errorCode: receipt.errorCode ?? "undelivered",
              failureReason: receipt.reason ?? "undelivered",
              errorMessage: receipt.detail ?? "Carrier reported the message undelivered",
              updatedAt: now,
            },
    });
    if (moved.count === 0) return false;
    const updated = await tx.smsMessage.findUniqueOrThrow({ where: { id: smsId } });
    await tx.event.create({
      data: {
        accountId: updated.accountId,
        transactionId: smsId,
        event: outcome === "delivered" ? "sms.delivered" : "sms.failed",
        data: smsEventData(updated),
      },
    });
    return true;
  });
}

/**
 * Some SMSCs answer submit_sm with a hexadecimal id and quote it in decimal
 * in the receipt (or the reverse): try the id as given and its twin.
 */
function idForms(id: string): string[] {
  const forms = new Set([id]);
  if (/^[0-9]{1,15}$/.test(id)) forms.add(Number(id).toString(16)).add(Number(id).toString(16).toUpperCase());
  if (/^[0-9a-f]{1,12}$/i.test(id)) forms.add(String(parseInt(id, 16)));
  return [...forms];
}
