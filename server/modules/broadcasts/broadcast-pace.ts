// How many messages an account's broadcasts of one channel may send now: its
// plan's per-minute rate, shared by all its broadcasts and every worker, under
// the pacing row's lock. A tick asks for a second's share; the minute's total
// never passes the rate.
import { inPgTransaction } from "../../db/pg-transaction";

export async function grantBroadcastSends({
  accountId,
  channel,
  perMinute,
  wanted,
}: {
  accountId: string;
  channel: "sms" | "email";
  perMinute: number;
  wanted: number;
}): Promise<number> {
  return inPgTransaction(async (client) => {
    await client.query(
      `INSERT INTO broadcast_pacing (account_id, channel, minute_start, granted)
       VALUES ($1, $2, date_trunc('minute', now()), 0) ON CONFLICT DO NOTHING`,
      [accountId, channel],
    );
    const { rows } = await client.query<{ granted: number; current: boolean }>(
      `SELECT granted, minute_start = date_trunc('minute', now()) AS current FROM broadcast_pacing
       WHERE account_id = $1 AND channel = $2 FOR UPDATE`,
      [accountId, channel],
    );
    const used = rows[0]!.current ? rows[0]!.granted : 0;
    const granted = Math.max(0, Math.min(wanted, perMinute - used));
    await client.query(
      `UPDATE broadcast_pacing SET minute_start = date_trunc('minute', now()), granted = $3
       WHERE account_id = $1 AND channel = $2`,
      [accountId, channel, used + granted],
    );
    return granted;
  });
}
