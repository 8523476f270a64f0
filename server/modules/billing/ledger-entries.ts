import { db } from "../../db/client";

/**
 * An account's newest ledger entries, newest first, optionally before an entry id or a time.
 *
 * Read along the (account_id, id) index, and written so that no other plan can serve it. Given `account_id = X`
 * and `ORDER BY id`, a planner that sees one account holding most of the table walks the primary key backwards and
 * filters by account, reading every newer entry of every other account before this account's page (the query-plan
 * test seeds exactly that). As a range of one value, the account is no longer a constant the planner can drop from
 * `ORDER BY account_id, id`, and only the composite index gives that order without a sort.
 */
export function newestLedgerEntries({
  accountId,
  take,
  before = {},
}: {
  accountId: string;
  take: number;
  before?: { id?: bigint; createdAt?: Date };
}) {
  return db().ledgerEntry.findMany({
    where: {
      accountId: { gte: accountId, lte: accountId },
      ...(before.id ? { id: { lt: before.id } } : {}),
      ...(before.createdAt ? { createdAt: { lt: before.createdAt } } : {}),
    },
    orderBy: [{ accountId: "desc" }, { id: "desc" }],
    take,
  });
}

/** Every entry of one transaction, oldest first (the staff timeline). */
export function ledgerEntriesOfTransaction(transactionId: string) {
  return db().ledgerEntry.findMany({ where: { transactionId }, orderBy: { id: "asc" } });
}
