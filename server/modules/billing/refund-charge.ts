import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { toAmountNumber } from "../../lib/money";
import { recordMoneyAudit, type MoneyAudit } from "./credit-balance";

/**
 * Gives a captured charge's money back, once: the ledger's unique
 * (transaction_id, kind) index holds the line if two refunds race. The audit
 * row (with the amount) is written in the same transaction.
 */
export async function refundCharge(input: {
  transactionId: string;
  reason: string;
  actor: string;
  audit: MoneyAudit;
}): Promise<{ accountId: string; amountMicros: bigint }> {
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
  const amountMicros = -reserve.amountMicros;
  await db().$transaction(async (tx) => {
    const account = await tx.account.update({
      where: { id: reserve.accountId },
      data: { balanceMicros: { increment: amountMicros } },
      select: { balanceMicros: true },
    });
    const entry = await tx.ledgerEntry.create({
      data: {
        accountId: reserve.accountId,
        kind: "refund",
        amountMicros,
        balanceAfterMicros: account.balanceMicros,
        reason: input.reason,
        actor: input.actor,
        transactionId: input.transactionId,
      },
      select: { id: true },
    });
    await recordMoneyAudit({
      tx,
      accountId: reserve.accountId,
      entryId: entry.id,
      audit: {
        target: input.transactionId,
        ...input.audit,
        data: { ...input.audit.data, amount: toAmountNumber(amountMicros) },
      },
    });
  });
  return { accountId: reserve.accountId, amountMicros };
}
