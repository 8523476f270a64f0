import { sql } from "../../db/client";

/**
 * Settles a reservation nothing settled (its send's process died mid-send):
 * captured at the reserved price, once. A transaction already captured or
 * refunded is left alone. Returns whether money moved.
 */
export async function captureHeld(transactionId: string, reason: string): Promise<boolean> {
  const { rowCount } = await sql().query(
    `INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id)
     SELECT a.id, 'capture', 0, a.balance_micros, $2, 'system:recovery', r.transaction_id
     FROM ledger_entries r JOIN accounts a ON a.id = r.account_id
     WHERE r.transaction_id = $1 AND r.kind = 'reserve'
       AND NOT EXISTS (SELECT 1 FROM ledger_entries s WHERE s.transaction_id = $1 AND s.kind IN ('capture', 'refund'))
     ON CONFLICT DO NOTHING`,
    [transactionId, reason],
  );
  return (rowCount ?? 0) > 0;
}
