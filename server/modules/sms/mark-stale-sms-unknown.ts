import { sql } from "../../db/client";
import { config } from "../../config/config";

/** How long a sent live message may wait for its final receipt (SMS_RECEIPT_TIMEOUT_S, default 72 h). */
export function receiptTimeoutS(): number {
  return config().SMS_RECEIPT_TIMEOUT_S;
}

/**
 * Messages still `sent` with no final receipt after the timeout become
 * `unknown`, so nobody waits on them forever; a receipt that arrives later
 * still settles them. No event: SPEC's events are delivered and failed.
 */
export async function markStaleSmsUnknown(timeoutS = receiptTimeoutS()): Promise<number> {
  const { rowCount } = await sql().query(
    `UPDATE sms_messages SET status = 'unknown', updated_at = now()
     WHERE status = 'sent' AND mode = 'live' AND updated_at < now() - make_interval(secs => $1)`,
    [timeoutS],
  );
  return rowCount ?? 0;
}
