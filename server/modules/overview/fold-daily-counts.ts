import { sql } from "../../db/client";

const BATCH = 50_000;

/**
 * Moves appended day-counter deltas into daily_counts (migration 20261124050000): a batch at a time, in one
 * statement, so a reader summing both tables never sees a delta twice or not at all. Deltas claimed with SKIP LOCKED
 * and counters updated in key order: two folders never take the same delta and never deadlock on counter rows.
 * Returns how many deltas it folded.
 */
export async function foldDailyCounts(): Promise<number> {
  let folded = 0;
  for (;;) {
    const { rows } = await sql().query<{ n: number }>(
      `WITH moved AS (
         DELETE FROM daily_count_deltas
         WHERE id IN (SELECT id FROM daily_count_deltas ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
         RETURNING account_id, day, metric, mode, delta
       ), summed AS (
         SELECT account_id, day, metric, mode, sum(delta)::bigint AS delta, count(*) AS n
         FROM moved GROUP BY 1, 2, 3, 4
       ), added AS (
         INSERT INTO daily_counts AS c (account_id, day, metric, mode, value)
         SELECT account_id, day, metric, mode, delta FROM summed ORDER BY 1, 2, 3, 4
         ON CONFLICT (account_id, day, metric, mode) DO UPDATE SET value = c.value + EXCLUDED.value
       )
       SELECT coalesce(sum(n), 0)::int AS n FROM summed`,
    );
    folded += rows[0]!.n;
    if (rows[0]!.n < BATCH) return folded;
  }
}
