import { db } from "../../db/client";
import { toAmountNumber } from "../../lib/money";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { creditBalance } from "../billing/credit-balance";
import { requireReason, staffActor, type Staff } from "./staff-actor";

/** Support credits (positive) or debits (negative) an account: one ledger entry each; a debit never takes the balance below zero. */
export async function staffAdjustBalance(staff: Staff, input: { accountId: string; amount: number; reason: string }) {
  const reason = requireReason(input.reason);
  const micros = BigInt(Math.round(input.amount * 1e6));
  if (micros === 0n || !Number.isFinite(input.amount))
    throw new AppError("INVALID_AMOUNT", { message: "The amount must be a non-zero number" });
  let balance: bigint;
  if (micros > 0n) {
    balance = (
      await creditBalance({
        accountId: input.accountId,
        amountMicros: micros,
        reason: `Support credit: ${reason}`,
        actor: staffActor(staff),
      })
    ).balanceMicros;
  } else {
    balance = await db().$transaction(async (tx) => {
      const moved = await tx.account.updateMany({
        where: { id: input.accountId, balanceMicros: { gte: -micros } },
        data: { balanceMicros: { increment: micros } },
      });
      if (moved.count === 0)
        throw new AppError("INSUFFICIENT_BALANCE", {
          message: "A debit cannot take the balance below zero",
          context: { required: toAmountNumber(-micros) },
        });
      const account = await tx.account.findUniqueOrThrow({
        where: { id: input.accountId },
        select: { balanceMicros: true },
      });
      await tx.ledgerEntry.create({
        data: {
          accountId: input.accountId,
          kind: "debit",
          amountMicros: micros,
          balanceAfterMicros: account.balanceMicros,
          reason: `Support debit: ${reason}`,
          actor: staffActor(staff),
        },
      });
      return account.balanceMicros;
    });
  }
  await recordAudit({
    actor: staffActor(staff),
    action: micros > 0n ? "balance.credit" : "balance.debit",
    accountId: input.accountId,
    target: input.accountId,
    reason,
    data: { amount: input.amount },
  });
  return { balance: toAmountNumber(balance) };
}
