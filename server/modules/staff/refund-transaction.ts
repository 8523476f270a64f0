import { db } from "../../db/client";
import { toAmountNumber } from "../../lib/money";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Gives a charged transaction's money back once (the ledger's unique (transaction_id, kind) holds the line). */
export async function staffRefund(staff: Staff, input: { transactionId: string; reason: string }) {
  const reason = requireReason(input.reason);
  const entries = await db().ledgerEntry.findMany({ where: { transactionId: input.transactionId } });
  const reserve = entries.find((e) => e.kind === "reserve");
  if (!reserve || !entries.some((e) => e.kind === "capture"))
    throw new AppError("CONFLICT", {
      message: "Only a charged transaction can be refunded",
      context: { reason: "not_charged" },
    });
  if (entries.some((e) => e.kind === "refund"))
    throw new AppError("CONFLICT", {
      message: "This transaction was refunded already",
      context: { reason: "already_refunded" },
    });
  const amount = -reserve.amountMicros;
  await db().$transaction(async (tx) => {
    const account = await tx.account.update({
      where: { id: reserve.accountId },
      data: { balanceMicros: { increment: amount } },
      select: { balanceMicros: true },
    });
    await tx.ledgerEntry.create({
      data: {
        accountId: reserve.accountId,
        kind: "refund",
        amountMicros: amount,
        balanceAfterMicros: account.balanceMicros,
        reason: `Support refund: ${reason}`,
        actor: staffActor(staff),
        transactionId: input.transactionId,
      },
    });
  });
  await recordAudit({
    actor: staffActor(staff),
    action: "transaction.refund",
    accountId: reserve.accountId,
    target: input.transactionId,
    reason,
    data: { amount: toAmountNumber(amount) },
  });
  return { refunded: toAmountNumber(amount) };
}
