// A prepaid charge in three ledger steps (issue #3): reserve takes the money
// before the provider is called; capture marks it spent once the provider
// accepted; refund gives it back when the send failed. Each step is a ledger
// entry written with its balance change in the caller's transaction, and the
// unique (transaction_id, kind) index makes each happen at most once.
import type { Tx } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { toAmountNumber } from "../../lib/money";

type Hold = { accountId: string; transactionId: string; amountMicros: bigint; reason: string; actor: string };

export async function reserveFunds(tx: Tx, hold: Hold): Promise<bigint> {
  // The conditional UPDATE is the whole guard: it cannot take the balance below
  // the amount, under any concurrency, and the CHECK constraint backs it up.
  const rows = await tx.$queryRaw<{ balance_micros: bigint }[]>`
    UPDATE accounts SET balance_micros = balance_micros - ${hold.amountMicros}, updated_at = now()
    WHERE id = ${hold.accountId} AND balance_micros >= ${hold.amountMicros}
    RETURNING balance_micros`;
  if (!rows[0]) {
    const account = await tx.account.findUnique({ where: { id: hold.accountId }, select: { balanceMicros: true, currency: true } });
    throw new AppError("INSUFFICIENT_BALANCE", {
      message: `Insufficient balance: this costs ${toAmountNumber(hold.amountMicros)} ${account?.currency ?? "USD"}`,
      context: { required: toAmountNumber(hold.amountMicros), currency: account?.currency ?? "USD", balance: toAmountNumber(account?.balanceMicros ?? 0n) },
    });
  }
  await tx.ledgerEntry.create({
    data: { accountId: hold.accountId, kind: "reserve", amountMicros: -hold.amountMicros, balanceAfterMicros: rows[0].balance_micros, reason: hold.reason, actor: hold.actor, transactionId: hold.transactionId },
  });
  return rows[0].balance_micros;
}

export async function captureFunds(tx: Tx, hold: Hold): Promise<void> {
  const account = await tx.account.findUniqueOrThrow({ where: { id: hold.accountId }, select: { balanceMicros: true } });
  await tx.ledgerEntry.create({
    data: { accountId: hold.accountId, kind: "capture", amountMicros: 0n, balanceAfterMicros: account.balanceMicros, reason: hold.reason, actor: hold.actor, transactionId: hold.transactionId },
  });
}

export async function refundFunds(tx: Tx, hold: Hold): Promise<void> {
  const rows = await tx.$queryRaw<{ balance_micros: bigint }[]>`
    UPDATE accounts SET balance_micros = balance_micros + ${hold.amountMicros}, updated_at = now()
    WHERE id = ${hold.accountId} RETURNING balance_micros`;
  await tx.ledgerEntry.create({
    data: { accountId: hold.accountId, kind: "refund", amountMicros: hold.amountMicros, balanceAfterMicros: rows[0]!.balance_micros, reason: hold.reason, actor: hold.actor, transactionId: hold.transactionId },
  });
}
