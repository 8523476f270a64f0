import type { Tx } from "../../db/client";
import { inTransaction } from "../../db/transaction";
import { AppError } from "../../errors/app-error";
import { recordAudit, type AuditEntry } from "../audit/record-audit";

export type BalanceChange = { entryId: bigint; balanceMicros: bigint };
/** The audit row of a money movement made by a person; its target defaults to the ledger entry. */
export type MoneyAudit = Omit<AuditEntry, "target" | "accountId"> & { target?: string };

/**
 * Adds money to an account: one ledger entry, one atomic balance update and
 * (for a person's action) its audit row, together or not at all.
 */
export async function creditBalance(
  input: {
    accountId: string;
    amountMicros: bigint;
    reason: string;
    actor: string;
    transactionId?: string;
    audit?: MoneyAudit;
  },
  tx?: Tx,
): Promise<BalanceChange> {
  if (input.amountMicros <= 0n) throw new AppError("INVALID_AMOUNT", { message: "A credit must be a positive amount" });
  return inTransaction(tx, async (t) => {
    const account = await t.account
      .update({
        where: { id: input.accountId },
        data: { balanceMicros: { increment: input.amountMicros } },
        select: { balanceMicros: true },
      })
      .catch(() => {
        throw new AppError("NOT_FOUND", { message: `No account ${input.accountId}` });
      });
    const entry = await t.ledgerEntry.create({
      data: {
        accountId: input.accountId,
        kind: "credit",
        amountMicros: input.amountMicros,
        balanceAfterMicros: account.balanceMicros,
        reason: input.reason,
        actor: input.actor,
        // A payment's id: the unique (transaction_id, kind) index makes its credit happen once.
        transactionId: input.transactionId ?? null,
      },
      select: { id: true },
    });
    if (input.audit)
      await recordMoneyAudit({ tx: t, accountId: input.accountId, entryId: entry.id, audit: input.audit });
    return { entryId: entry.id, balanceMicros: account.balanceMicros };
  });
}

export async function recordMoneyAudit({
  tx: t,
  accountId,
  entryId,
  audit,
}: {
  tx: Tx;
  accountId: string;
  entryId: bigint;
  audit: MoneyAudit;
}): Promise<void> {
  await recordAudit({ ...audit, accountId, target: audit.target ?? `ledger:${entryId}` }, t);
}
