// The recovery job (a worker loop): sends still pending past their deadline
// (sendRecoveryAfterS) were left by a request that died, or lost its database
// for longer than it retried. Nothing can tell whether such a message reached
// the carrier or the relay, so the documented rule applies (docs/decisions.md):
// it settles as `unknown`, captured at its quoted price like a sent message,
// with the sent event saying `status: "unknown"`; a receipt may still settle it
// later. No reservation is held past the deadline. Each settle is in the audit
// log (actor system:recovery), which the staff Operations page shows.
// Top-ups need no part here: they are created due for reconciliation.
import { db } from "../../db/client";
import { recordAudit } from "../audit/record-audit";
import { captureHeld } from "../billing/capture-held";
import { markSmsUnknown } from "../sms/sms-store";
import { settleEmail } from "../email/email-store";
import { sendRecoveryAfterS } from "./send-recovery";

const BATCH = 200;
export const LOST_TRACK =
  "Kasa lost track of this send (the process sending it stopped); it may have been handed over, so it is charged as sent";

export async function settleStuckSends(now = new Date()): Promise<{ sms: number; email: number }> {
  const cutoff = new Date(now.getTime() - sendRecoveryAfterS() * 1000);
  return { sms: await settleStuckSms(cutoff), email: await settleStuckEmail(cutoff) };
}

async function settleStuckSms(cutoff: Date): Promise<number> {
  // Pending since when it was claimed, not made: a scheduled message is made days before it is claimed and sent.
  const stuck = await db().smsMessage.findMany({
    where: { status: "pending", updatedAt: { lt: cutoff } },
    orderBy: { updatedAt: "asc" },
    take: BATCH,
  });
  let settled = 0;
  for (const sms of stuck) {
    Object.assign(sms, { status: "unknown", errorMessage: LOST_TRACK, updatedAt: new Date() });
    if (!(await markSmsUnknown({ sms, reason: `SMS to ${sms.toNumber} (settled by the recovery job)` }))) continue;
    settled++;
    await recordAudit({
      actor: "system:recovery",
      action: "send.recovered",
      accountId: sms.accountId,
      target: sms.id,
      data: { channel: "sms", outcome: "unknown", charged: sms.mode === "live" },
    });
  }
  return settled;
}

async function settleStuckEmail(cutoff: Date): Promise<number> {
  // From its last move: a scheduled message turns pending when the worker claims it, long after it was created.
  const stuck = await db().emailMessage.findMany({
    where: { status: "pending", updatedAt: { lt: cutoff } },
    orderBy: { updatedAt: "asc" },
    take: BATCH,
  });
  let settled = 0;
  for (const email of stuck) {
    Object.assign(email, { status: "unknown", errorMessage: LOST_TRACK, updatedAt: new Date() });
    // A batch's money belongs to the batch: its messages settle one by one, the batch's reservation once.
    const moved = email.batchId
      ? await settleEmail({ ...email, priceMicros: 0n }, "")
      : await settleEmail(email, `Email to ${email.recipients} recipient(s) (settled by the recovery job)`);
    if (!moved) continue;
    if (email.batchId && email.mode === "live") await captureHeld(email.batchId, "Batch settled by the recovery job");
    settled++;
    await recordAudit({
      actor: "system:recovery",
      action: "send.recovered",
      accountId: email.accountId,
      target: email.transactionId,
      data: { channel: "email", outcome: "unknown", charged: email.mode === "live", batch_id: email.batchId },
    });
  }
  return settled;
}
