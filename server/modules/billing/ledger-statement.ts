import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { formatAmount } from "../../lib/money";
import { toCsv } from "../../lib/csv";
import { newestLedgerEntries } from "./ledger-entries";

/**
 * A month's statement as CSV (RFC 4180): every ledger entry with its kind,
 * amount, balance after, reason and transaction, plus opening and closing
 * balances, so it reconciles on its own.
 */
export async function ledgerStatementCsv(input: {
  accountId: string;
  month: string;
}): Promise<{ filename: string; csv: string }> {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(input.month);
  if (!match)
    throw new AppError("INVALID_REQUEST", {
      message: "month must be YYYY-MM",
      context: { errors: [{ type: "month", loc: ["query", "month"], msg: "YYYY-MM" }] },
    });
  const from = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  const to = new Date(Date.UTC(Number(match[1]), Number(match[2]), 1));
  const [account, entries, before] = await Promise.all([
    db().account.findUniqueOrThrow({ where: { id: input.accountId }, select: { name: true, currency: true } }),
    db().ledgerEntry.findMany({
      where: { accountId: input.accountId, createdAt: { gte: from, lt: to } },
      orderBy: { id: "asc" },
    }),
    newestLedgerEntries({ accountId: input.accountId, take: 1, before: { createdAt: from } }).then((rows) => rows[0]),
  ]);
  const opening = before?.balanceAfterMicros ?? 0n;
  const closing = entries.at(-1)?.balanceAfterMicros ?? opening;
  const rows = [
    ["date", "entry", "kind", "amount", "balance_after", "currency", "reason", "transaction_id"],
    [
      from.toISOString(),
      "",
      "opening_balance",
      "",
      formatAmount(opening),
      account.currency,
      `Statement for ${account.name}, ${input.month}`,
      "",
    ],
    ...entries.map((e) => [
      e.createdAt.toISOString(),
      e.id.toString(),
      e.kind,
      formatAmount(e.amountMicros),
      formatAmount(e.balanceAfterMicros),
      account.currency,
      e.reason,
      e.transactionId ?? "",
    ]),
    [to.toISOString(), "", "closing_balance", "", formatAmount(closing), account.currency, "", ""],
  ];
  return {
    filename: `kasa-statement-${input.accountId}-${input.month}.csv`,
    csv: toCsv(rows),
  };
}
