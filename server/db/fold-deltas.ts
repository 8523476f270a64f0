import { sql } from "./client";

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
  /** A second counters table the same deltas add to, keyed by expressions over `keys` (a day from an hour). */
  rollup?: { counters: string; keys: readonly string[]; from: readonly string[] };
}) {
  const keys = table.keys.join(", ");
  const rollup = table.rollup
    ? `, rolled AS (
         INSERT INTO ${table.rollup.counters} AS r (${table.rollup.keys.join(", ")}, value)
         SELECT ${table.rollup.from.join(", ")}, sum(delta) FROM summed
         GROUP BY ${table.rollup.from.map((_, i) => i + 1).join(", ")} ORDER BY ${table.rollup.from.map((_, i) => i + 1).join(", ")}
         ON CONFLICT (${table.rollup.keys.join(", ")}) DO UPDATE SET value = r.value + EXCLUDED.value
       )`
    : "";
  let folded = 0;
  for (;;) {
    const { rows } = await sql().query<{ n: number }>(
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
       )${rollup}
       SELECT coalesce(sum(n), 0)::int AS n FROM summed`,
    );
    folded += rows[0]!.n;
    if (rows[0]!.n < BATCH) return folded;
  }
}
