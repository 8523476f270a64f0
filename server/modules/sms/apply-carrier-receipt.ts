import { db, type Tx } from "../../db/client";
import type { CarrierReceiptReport } from "../../providers/sms";
import { smsEventData } from "./sms-view";

export type CarrierReceipt = CarrierReceiptReport;

/**
 * A delivery receipt from a carrier, matched to our message by the carrier's
 * id of one of its parts. A message is delivered when every part is, and
 * failed as soon as one part fails. Only a sent (or unknown) message moves,
 * once: a repeated or late receipt changes nothing and raises no second
 * event. A receipt for a message not settled yet (its carrier id not stored)
 * is kept and applied when it is (applyPendingReceipts). It resolves only
 * once the receipt is stored one way or the other, so the carrier's
 * acknowledgement can wait for it. Returns whether the message moved.
 */
export async function applyCarrierReceipt(receipt: CarrierReceipt): Promise<boolean> {
  const applied = await applyToMessage(receipt);
  if (applied !== "no_message") return applied === "moved";
  await db().pendingReceipt.create({
    data: {
      provider: receipt.provider,
      carrierMessageId: receipt.messageId,
      outcome: receipt.outcome,
      errorCode: receipt.errorCode ?? null,
      reason: receipt.reason ?? null,
      detail: receipt.detail ?? null,
    },
  });
  return false;
}

/** Worker job: applies the receipts that came before their message was settled; forgets those a week old. */
export async function applyPendingReceipts(limit = 500): Promise<number> {
  const waiting = await db().pendingReceipt.findMany({ orderBy: { id: "asc" }, take: limit });
  let applied = 0;
  for (const r of waiting) {
    const outcome = await applyToMessage({
      provider: r.provider,
      messageId: r.carrierMessageId,
      outcome: r.outcome as CarrierReceipt["outcome"],
      errorCode: r.errorCode,
      reason: r.reason as CarrierReceipt["reason"],
      detail: r.detail,
    });
    if (outcome === "no_message" && r.receivedAt.getTime() > Date.now() - RECEIPT_WAIT_MS) continue;
    await db().pendingReceipt.delete({ where: { id: r.id } });
    if (outcome !== "no_message") applied++;
  }
  return applied;
}

// A message is settled within its send's deadline; a receipt nothing claims after a week belongs to nobody.
const RECEIPT_WAIT_MS = 7 * 24 * 3600_000;

async function applyToMessage(receipt: CarrierReceipt): Promise<"moved" | "unchanged" | "no_message"> {
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
    // The carrier's answer to the submit was lost (or its process died) but the receipt names our transaction:
    // the message is found by it, and keeps the carrier's id from now on.
    if (!smsId && receipt.transactionId) {
      const adopted = await tx.smsMessage.updateMany({
        where: {
          id: receipt.transactionId,
          provider: receipt.provider,
          providerMessageId: null,
          // A message still being sent is not settled yet: its receipt waits (as any early receipt does).
          status: { in: ["sent", "unknown"] },
        },
        data: { providerMessageId: receipt.messageId },
      });
      if (adopted.count) return applyOutcome(tx, receipt.transactionId, receipt, null);
    }
    if (!smsId) return "no_message";
    return applyOutcome(tx, smsId, receipt, part);
  });
}

async function applyOutcome(
  tx: Tx,
  smsId: string,
  receipt: CarrierReceipt,
  part: { provider: string; carrierMessageId: string } | null,
): Promise<"moved" | "unchanged"> {
  if (part) {
    await tx.smsPart.updateMany({
      where: { provider: part.provider, carrierMessageId: part.carrierMessageId, status: "sent" },
      data: { status: receipt.outcome, errorCode: receipt.errorCode ?? null, updatedAt: new Date() },
    });
  }
  const parts = await tx.smsPart.findMany({ where: { smsId }, select: { status: true } });
  const outcome =
    receipt.outcome === "failed" ? "failed" : parts.every((p) => p.status === "delivered") ? "delivered" : null;
  if (!outcome) return "unchanged"; // other parts still on their way
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
  if (moved.count === 0) return "unchanged";
  const updated = await tx.smsMessage.findUniqueOrThrow({ where: { id: smsId } });
  await tx.event.create({
    data: {
      accountId: updated.accountId,
      transactionId: smsId,
      event: outcome === "delivered" ? "sms.delivered" : "sms.failed",
      data: smsEventData(updated),
    },
  });
  return "moved";
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
