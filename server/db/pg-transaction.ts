// One transaction on one pooled connection, for the use cases that write with
// plain SQL (claims, imports, paces): BEGIN, an optional advisory lock held to
// the end, the work, COMMIT; ROLLBACK on any error; the connection always back.
import type { PoolClient } from "pg";
import { sql } from "./client";

/** What a statement needs of a connection: the pool itself, or a transaction's client. */
export type Queryable = Pick<PoolClient, "query">;

export async function inPgTransaction<T>(
  work: (client: PoolClient) => Promise<T>,
  /**
   * lock: an advisory lock held to the end, waited for; with `busy`, not waited for: taken at once, or `busy()` is
   * thrown (the connection is not held while someone else's long work runs). beforeCommit: the last word before
   * COMMIT; throwing rolls everything back.
   */
  options: { lock?: string; busy?: () => Error; beforeCommit?: () => void } = {},
): Promise<T> {
  const client = await sql().connect();
  try {
    await client.query("BEGIN");
    if (options.lock !== undefined && options.busy) {
      const { rows } = await client.query<{ locked: boolean }>(
        "SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked",
        [options.lock],
      );
      if (!rows[0]!.locked) throw options.busy();
    } else if (options.lock !== undefined)
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [options.lock]);
    const result = await work(client);
    options.beforeCommit?.();
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
