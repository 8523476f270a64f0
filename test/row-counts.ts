import { db } from "../server/db/client";

/** Row counts of every table a failed request must leave alone. */
export async function rowCounts() {
  const d = db();
  const [users, accounts, memberships, apiKeys, ledger, domains, audit] = await Promise.all([
    d.user.count(),
    d.account.count(),
    d.membership.count(),
    d.apiKey.count(),
    d.ledgerEntry.count(),
    d.senderDomain.count(),
    d.auditEvent.count(),
  ]);
  return { users, accounts, memberships, apiKeys, ledger, domains, audit };
}
