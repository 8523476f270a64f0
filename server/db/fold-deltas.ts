import { sql } from "./client";
import { inPgTransaction, type Queryable } from "./pg-transaction";

const BATCH = 50_000;

/**
 * Moves appended counter deltas (a trigger's, in the transaction that made them) into their counters table: a batch
 * at a time, in one statement, so a reader summing both tables never sees a delta twice or not at all. Deltas are
 * claimed with SKIP LOCKED and counters updated in key order: two folders never take the same delta and never
 * deadlock on counter rows. Returns how many deltas it folded.
 */
export async function foldDeltas(table: {
  deltas: string;
  counters: string;
  keys: readonly string[];
  /**
   * Further counters tables the same deltas add to: each with its key columns and the SELECT over `summed` (the
   * batch's deltas summed by `keys`) that gives their rows, its last column the value. Grouped here by those keys.
   */
  rollups?: { counters: string; keys: readonly string[]; select: string }[];
  /**
   * An advisory lock each batch holds shared, taken before its statement reads anything: whoever takes it exclusive
   * (a backfill that must see every fold before it and be seen by every fold after) waits for the folds under way,
   * and the folds after it see what it committed.
   */
  sharedLock?: string;
}) {
  const keys = table.keys.join(", ");
  const rollups = (table.rollups ?? [])
    .map((rollup, i) => {
      const positions = rollup.keys.map((_, j) => j + 1).join(", ");
      return `, rolled${i} AS (
         INSERT INTO ${rollup.counters} AS r (${rollup.keys.join(", ")}, value)
         SELECT ${rollup.keys.map((_, j) => `r${j}`).join(", ")}, sum(v) FROM (${rollup.select}) AS
           rows(${rollup.keys.map((_, j) => `r${j}`).join(", ")}, v)
         GROUP BY ${positions} HAVING sum(v) <> 0 ORDER BY ${positions}
         ON CONFLICT (${rollup.keys.join(", ")}) DO UPDATE SET value = r.value + EXCLUDED.value
       )`;
    })
    .join("");
  let folded = 0;
  for (;;) {
    const fold = (db: Queryable) =>
      db.query<{ n: number }>(
        `WITH moved AS (
         DELETE FROM ${table.deltas}
         WHERE id IN (SELECT id FROM ${table.deltas} ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
         RETURNING ${keys}, delta
       ), summed AS (
         SELECT ${keys}, sum(delta)::bigint AS delta, count(*) AS n FROM moved GROUP BY ${keys}
       ), added AS (
         INSERT INTO ${table.counters} AS c (${keys}, value)
         SELECT ${keys}, delta FROM summed ORDER BY ${keys}
         ON CONFLICT (${keys}) DO UPDATE SET value = c.value + EXCLUDED.value
       )${rollups}
       SELECT coalesce(sum(n), 0)::int AS n FROM summed`,
      );
    const lock = table.sharedLock;
    const { rows } = lock
      ? await inPgTransaction(async (client) => {
          await client.query("SELECT pg_advisory_xact_lock_shared(hashtext($1))", [lock]);
          // A locked fold's rollups (delivery views: about 48 rows a delta) sum in memory, not through disk, so the
          // lock is held briefly.
          await client.query("SET LOCAL work_mem = '64MB'");
          return fold(client);
        })
      : await fold(sql());
    folded += rows[0]!.n;
    if (rows[0]!.n < BATCH) return folded;
  }
}
