// The worker's settling of WhatsApp sends (issue #42, point 3; the crash rules): a send left pending past Meta's
// timeout (its process died at the recovery point or after it) becomes unknown, held, because Meta may have it: it is
// never sent again, and the first status Meta posts for it (found by its callback data) settles it. A hold Meta said
// nothing final about for KASA_WHATSAPP_SETTLE_HOURS is captured, as an SMS whose fate is unknown is: money is never
// held forever.
import { sql } from "../../db/client";
import { config } from "../../config/config";
import { captureWhatsapp } from "./whatsapp-message-store";

export async function settleWhatsappSends(): Promise<{ unknown: number; captured: number }> {
  const graceMs = config().WHATSAPP_TIMEOUT_MS + 60_000;
  const stale = await sql().query(
    `UPDATE whatsapp_messages SET status = 'unknown', updated_at = now(),
       error_message = 'The sending process stopped before Meta answered: it may have the message, so it is not sent again'
     WHERE direction = 'outbound' AND NOT money_settled AND status = 'pending'
       AND created_at < now() - make_interval(secs => $1::double precision / 1000)`,
    [graceMs],
  );
  const { rows } = await sql().query<{ id: string; contact: string }>(
    `SELECT id, contact FROM whatsapp_messages
     WHERE direction = 'outbound' AND NOT money_settled AND status IN ('unknown', 'sent')
       AND created_at < now() - make_interval(hours => $1) ORDER BY created_at LIMIT 500`,
    [config().KASA_WHATSAPP_SETTLE_HOURS],
  );
  let captured = 0;
  for (const row of rows)
    if (await captureWhatsapp(row.id, `WhatsApp to ${row.contact}: Meta sent no final status`)) captured++;
  return { unknown: stale.rowCount ?? 0, captured };
}
