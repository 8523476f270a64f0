// A domain added and never verified is removed after DOMAIN_LIMITS.pendingDays,
// so abandoned attempts stop counting against the account's total and its
// name is free for whoever really holds it. Audited, so support can say why
// it is gone.
import { db } from "../../db/client";
import { recordAudit } from "../audit/record-audit";
import { DOMAIN_LIMITS } from "./domain-limits";

/** Removes up to `limit` expired pending domains; returns how many. */
export async function expirePendingDomains(limit = 500): Promise<number> {
  return db().$transaction(async (tx) => {
    const expired = await tx.$queryRaw<{ id: string; account_id: string; name: string }[]>`
      DELETE FROM sender_domains WHERE id IN (
        SELECT id FROM sender_domains
         WHERE status = 'pending' AND created_at < now() - make_interval(days => ${DOMAIN_LIMITS.pendingDays})
         ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, account_id, name`;
    for (const domain of expired)
      await recordAudit(
        {
          actor: "system",
          action: "domain.expired",
          accountId: domain.account_id,
          target: domain.id,
          reason: `Not verified within ${DOMAIN_LIMITS.pendingDays} days`,
          data: { name: domain.name },
        },
        tx,
      );
    return expired.length;
  });
}
