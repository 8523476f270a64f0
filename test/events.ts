import { sql } from "../server/db/client";

/**
 * Raises `count` events for an account straight in the events table, as the
 * use cases do; the outbox trigger writes one webhook delivery per event.
 */
export async function raiseEvents(accountId: string, count: number, event = "sms.delivered"): Promise<string[]> {
  const { rows } = await sql().query<{ transaction_id: string }>(
    `INSERT INTO events (account_id, transaction_id, event, data)
     SELECT $1, 'sms_' || md5(random()::text || n), $3, jsonb_build_object('n', n)
     FROM generate_series(1, $2::int) n RETURNING transaction_id`,
    [accountId, count, event],
  );
  return rows.map((r) => r.transaction_id);
}
