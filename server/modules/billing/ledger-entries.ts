import { db } from "../../db/client";

/** The newest entries of an account's ledger (the staff account page). */
export function latestLedgerEntries(accountId: string, take: number) {
  return db().ledgerEntry.findMany({ where: { accountId }, orderBy: { id: "desc" }, take });
}

/** Every entry of one transaction, oldest first (the staff timeline). */
export function ledgerEntriesOfTransaction(transactionId: string) {
  return db().ledgerEntry.findMany({ where: { transactionId }, orderBy: { id: "asc" } });
}
