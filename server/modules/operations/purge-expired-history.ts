// Retention of what is not money and not the request log (which drops whole weeks, log-partitions.ts): events
// after KASA_EVENT_RETENTION_DAYS, finished webhook deliveries (and their attempts, by cascade) after
// KASA_WEBHOOK_DELIVERY_RETENTION_DAYS, settled verifications (docs/decisions.md, "History and retention": who was sent a code) after
// KASA_VERIFICATION_RETENTION_DAYS, idempotency records once their 24 hours (SPEC 8.2) are over, the lookup
// provider's answers once LOOKUP_CACHE_HOURS are over. Deleted oldest
// first in small batches, each its own statement, so a run never holds many locks or one long transaction; what a
// run leaves, the next one takes.
import { sql } from "../../db/client";
import { retentionCutoff } from "../../config/retention";
import { config } from "../../config/config";

const BATCH = 5_000;
const MAX_BATCHES_PER_RUN = 20;

type Purge = { cutoff(now: Date): Date; statement: string };

const PURGES: Purge[] = [
  {
    cutoff: (now) => now,
    statement: `DELETE FROM idempotency_keys WHERE (account_id, mode, service, key) IN (
      SELECT account_id, mode, service, key FROM idempotency_keys WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2)`,
  },
  {
    cutoff: (now) => retentionCutoff("KASA_WEBHOOK_DELIVERY_RETENTION_DAYS", now),
    // A delivery still being retried is kept whatever its age: it is not history yet.
    statement: `DELETE FROM webhook_deliveries WHERE id IN (
      SELECT id FROM webhook_deliveries WHERE created_at < $1 AND status <> 'pending' ORDER BY created_at LIMIT $2)`,
  },
  {
    cutoff: (now) => retentionCutoff("KASA_VERIFICATION_RETENTION_DAYS", now),
    // Settled verifications (their messages stay, as money rows do); one still pending is not history yet.
    statement: `DELETE FROM verifications WHERE id IN (
      SELECT id FROM verifications WHERE created_at < $1 AND status <> 'pending' ORDER BY created_at LIMIT $2)`,
  },
  {
    // What the lookup provider said about a number, once no lookup would use it (LOOKUP_CACHE_HOURS).
    cutoff: (now) => new Date(now.getTime() - config().LOOKUP_CACHE_HOURS * 3_600_000),
    statement: `DELETE FROM number_lookups WHERE phone_number IN (
      SELECT phone_number FROM number_lookups WHERE looked_up_at < $1 ORDER BY looked_up_at LIMIT $2)`,
  },
  {
    cutoff: (now) => retentionCutoff("KASA_EVENT_RETENTION_DAYS", now),
    statement: `DELETE FROM events WHERE id IN (SELECT id FROM events WHERE created_at < $1 ORDER BY created_at LIMIT $2)`,
  },
];

/** Returns the rows removed. */
export async function purgeExpiredHistory(now = new Date()): Promise<number> {
  let removed = 0;
  for (const purge of PURGES) {
    const cutoff = purge.cutoff(now);
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const { rowCount } = await sql().query(purge.statement, [cutoff, BATCH]);
      removed += rowCount ?? 0;
      if ((rowCount ?? 0) < BATCH) break;
    }
  }
  return removed;
}
