import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { toAmountNumber } from "../../lib/money";
import { recordMoneyAudit, type BalanceChange, type MoneyAudit } from "./credit-balance";

/**
 * Takes money from an account (a support debit): one ledger entry and its
 * audit row in one transaction; never below zero.
 */
export async function debitBalance(input: {
  accountId: string;
  amountMicros: bigint;
  reason: string;
  actor: string;
  audit: MoneyAudit;
}): Promise<BalanceChange> {
  if (input.amountMicros <= 0n) throw new AppError("INVALID_AMOUNT", { message: "A debit must be a positive amount" });
  return db().$transaction(async (tx) => {
    const moved = await tx.account.updateMany({
      where: { id: input.accountId, balanceMicros: { gte: input.amountMicros } },
      data: { balanceMicros: { decrement: input.amountMicros } },
    });
    if (moved.count === 0)
      throw new AppError("INSUFFICIENT_BALANCE", {
        message: "A debit cannot take the balance below zero",
        context: { required: toAmountNumber(input.amountMicros) },
      });
    const account = await tx.account.findUniqueOrThrow({
      where: { id: input.accountId },
      select: { balanceMicros: true },
    });
    const entry = await tx.ledgerEntry.create({
      data: {
        accountId: input.accountId,
        kind: "debit",
        amountMicros: -input.amountMicros,
        balanceAfterMicros: account.balanceMicros,
        reason: input.reason,
        actor: input.actor,
      },
      select: { id: true },
    });
    await recordMoneyAudit({ tx, accountId: input.accountId, entryId: entry.id, audit: input.audit });
    return { entryId: entry.id, balanceMicros: account.balanceMicros };
  });
}
