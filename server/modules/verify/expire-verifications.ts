// The worker writes down what time already decided: a pending verification
// past expires_at is expired, and a live one's sealed code is erased (nothing
// may resend it now). The answer never waits for this (effectiveStatus says
// expired at once); the sweep keeps the stored status, the Verify page and the
// one-pending-per-destination index true. Batches, from the pending-only index.
import { sql } from "../../db/client";

export async function expireVerifications(batch = 1000): Promise<number> {
  const { rowCount } = await sql().query(
    `UPDATE verifications SET status = 'expired', updated_at = now(),
            code_sealed = CASE WHEN mode = 'live' THEN NULL ELSE code_sealed END
     WHERE id IN (SELECT id FROM verifications WHERE status = 'pending' AND expires_at <= now()
                  ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED)`,
    [batch],
  );
  return rowCount ?? 0;
}
