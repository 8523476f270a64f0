// A live lookup request's money (docs/decisions.md, "Networks and lookup"): the price of every number the provider
// could answer is held before it is asked (a reservation, with its lookups row, in one statement), so concurrent
// requests cannot get answers the balance does not cover; afterwards the numbers it did answer are captured and the
// rest refunded, in one transaction. A hold its request left (a crash, a database that went away) is released by the
// worker: that request's answers were never given.
import { sql } from "../../db/client";
import { captureCte, refundCte, reserveCte } from "../billing/charge-sql";
import { newId } from "../../lib/ids";
import { config } from "../../config/config";

/** The hold's id (the ledger's transaction), or null when the balance does not cover it (then nothing was written). */
export async function holdLookups(h: {
  accountId: string;
  apiKeyId: string;
  numbers: number;
  heldMicros: bigint;
  currency: string;
}): Promise<string | null> {
  const id = newId("lkp");
  const charge = {
    account: "$1::text",
    amount: "$2::bigint",
    transaction: "$3::text",
    reason: "'Number lookup (held)'",
    actor: "$4::text",
  };
  const { rows } = await sql().query<{ held: boolean }>(
    `WITH ${reserveCte(charge)},
       created AS (INSERT INTO lookups (id, account_id, api_key_id, numbers, held_micros, currency)
         SELECT $3, $1, $4, $5, $2, $6 FROM debit RETURNING id)
     SELECT EXISTS (SELECT 1 FROM created) AS held`,
    [h.accountId, h.heldMicros.toString(), id, h.apiKeyId, h.numbers, h.currency],
  );
  return rows[0]?.held ? id : null;
}

/**
 * Captures `priceMicros` of the hold for the `charged` numbers the provider answered and refunds the rest; charged 0
 * releases it whole. False when the hold was already settled (the worker released it): nothing moved.
 */
export async function settleLookups(id: string, charged: number, priceMicros: bigint): Promise<boolean> {
  const settled = {
    gate: { cte: "moved" },
    account: "g.account_id",
    transaction: "g.id",
    actor: "'system'",
  };
  const client = await sql().connect();
  try {
    await client.query("BEGIN");
    // Refund first, then capture: the ledger reads in that order, each entry with the balance after it.
    const { rows } = await client.query<{ moved: boolean }>(
      `WITH moved AS (
         UPDATE lookups SET status = CASE WHEN $2::int > 0 THEN 'charged' ELSE 'released' END, charged = $2,
           price_micros = $3, settled_at = now()
         WHERE id = $1 AND status = 'held' RETURNING id, account_id, held_micros - $3::bigint AS unused),
       ${refundCte({ ...settled, gate: { cte: "moved", where: "g.unused > 0" }, amount: "g.unused", reason: "'Number lookup: not answered by the provider'" })}
       SELECT EXISTS (SELECT 1 FROM moved) AS moved`,
      [id, charged, priceMicros.toString()],
    );
    if (rows[0]?.moved && charged > 0)
      await client.query(
        `WITH moved AS (SELECT id, account_id FROM lookups WHERE id = $1),
         ${captureCte({ ...settled, amount: "0", reason: `'Number lookup${charged > 1 ? `s (${charged})` : ""}'` })}
         SELECT 1`,
        [id],
      );
    await client.query("COMMIT");
    return rows[0]?.moved === true;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** Releases holds older than a request can live (its deadline and a minute): the worker's job. Returns how many. */
export async function releaseStaleLookups(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - config().KASA_REQUEST_DEADLINE_MS - 60_000);
  const { rows } = await sql().query<{ id: string }>(
    `SELECT id FROM lookups WHERE status = 'held' AND created_at < $1 ORDER BY created_at LIMIT 100`,
    [cutoff],
  );
  let released = 0;
  for (const { id } of rows) if (await settleLookups(id, 0, 0n)) released++;
  return released;
}
