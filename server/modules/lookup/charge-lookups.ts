// A live lookup request's charge: its row and one final debit in one statement (there is nothing to settle later,
// so no reservation), so the money and the record of what it paid for are written together or not at all. The provider was asked before (a lookup changes
// nothing anywhere), so a crash before this statement charges nothing, and a retry asks again (from the cache).
import { sql } from "../../db/client";
import { debitCte } from "../billing/charge-sql";
import { newId } from "../../lib/ids";

export type LookupCharge = {
  accountId: string;
  apiKeyId: string;
  actor: string;
  numbers: number;
  charged: number;
  priceMicros: bigint;
  currency: string;
};

/** The lookup's transaction id, or null when the balance no longer covers it (then nothing was written). */
export async function chargeLookups(c: LookupCharge): Promise<string | null> {
  const id = newId("lkp");
  const reason = c.charged === 1 ? "Number lookup" : `Number lookups (${c.charged})`;
  const charge = {
    account: "$1::text",
    amount: "$2::bigint",
    transaction: "$3::text",
    reason: "$4::text",
    actor: "$5::text",
  };
  const { rows } = await sql().query<{ charged: boolean }>(
    `WITH ${debitCte(charge)},
       created AS (INSERT INTO lookups (id, account_id, api_key_id, numbers, charged, price_micros, currency)
         SELECT $3, $1, $6, $7, $8, $2, $9 FROM taken RETURNING id)
     SELECT EXISTS (SELECT 1 FROM created) AS charged`,
    [c.accountId, c.priceMicros.toString(), id, reason, c.actor, c.apiKeyId, c.numbers, c.charged, c.currency],
  );
  return rows[0]?.charged ? id : null;
}
