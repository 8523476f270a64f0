import { db } from "../../db/client";
import { toAmountNumber } from "../../lib/money";
import { newestLedgerEntries } from "./ledger-entries";

const PAGE = 50;

/** The Billing page: balance, the low-balance threshold, the ledger (newest first, paged by id) and recent payments. */
export async function billingOverview(input: { accountId: string; beforeId?: bigint }) {
  const [account, ledger, payments] = await Promise.all([
    db().account.findUniqueOrThrow({
      where: { id: input.accountId },
      select: { balanceMicros: true, currency: true, lowBalanceThresholdMicros: true, createdAt: true },
    }),
    newestLedgerEntries({ accountId: input.accountId, take: PAGE, before: { id: input.beforeId } }),
    db().payment.findMany({ where: { accountId: input.accountId }, orderBy: { createdAt: "desc" }, take: 10 }),
  ]);
  return {
    balance: toAmountNumber(account.balanceMicros),
    currency: account.currency,
    // Statements are offered from the account's first month, not before it existed.
    openedAt: account.createdAt,
    lowBalanceThreshold:
      account.lowBalanceThresholdMicros === null ? null : toAmountNumber(account.lowBalanceThresholdMicros),
    ledger: ledger.map((l) => ({
      id: l.id.toString(),
      kind: l.kind,
      amount: toAmountNumber(l.amountMicros),
      balanceAfter: toAmountNumber(l.balanceAfterMicros),
      reason: l.reason,
      transactionId: l.transactionId,
      createdAt: l.createdAt,
    })),
    nextBeforeId: ledger.length === PAGE ? ledger.at(-1)!.id.toString() : null,
    payments: payments.map((p) => ({
      id: p.id,
      provider: p.provider,
      amount: toAmountNumber(p.amountMicros),
      currency: p.currency,
      status: p.status,
      checkoutUrl: p.status === "pending" ? p.checkoutUrl : null,
      createdAt: p.createdAt,
      paidAt: p.paidAt,
    })),
  };
}
