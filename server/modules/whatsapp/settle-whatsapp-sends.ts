// The worker's settling of WhatsApp sends (issue #42, point 3; the crash rules): a send left pending past Meta's
// timeout (its process died at the recovery point or after it) becomes unknown, held, because Meta may have it: it is
// never sent again, and the first status Meta posts for it (found by its callback data) settles it. Past
// KASA_WHATSAPP_SETTLE_HOURS, what Meta said nothing final about is settled: a message Meta took (sent) is captured,
// as Meta bills it; one Meta never posted a single status for, though it posts one for every message it takes, is
// failed and refunded. Money is never held forever.
import { sql } from "../../db/client";
import { config } from "../../config/config";
import { captureWhatsapp, markWhatsappFailed } from "./whatsapp-message-store";
import { messageFromRow } from "./whatsapp-message-row";
import { whatsappEventData } from "./whatsapp-message-view";

const BATCH = 500;

export async function settleWhatsappSends(): Promise<{ unknown: number; captured: number; refunded: number }> {
  const graceMs = config().WHATSAPP_TIMEOUT_MS + 60_000;
  // Test sends too (their money is settled at once): a test send left pending would answer its retries 409 forever.
  const stale = await sql().query(
    `UPDATE whatsapp_messages SET status = 'unknown', updated_at = now(),
       error_message = 'The sending process stopped before Meta answered: it may have the message, so it is not sent again'
     WHERE direction = 'outbound' AND status = 'pending'
       AND created_at < now() - make_interval(secs => $1::double precision / 1000)`,
    [graceMs],
  );
  const { rows } = await sql().query(
    `SELECT m.*, n.display_phone_number FROM whatsapp_messages m LEFT JOIN whatsapp_numbers n ON n.id = m.number_id
     WHERE m.direction = 'outbound' AND (m.status = 'unknown' OR (m.status = 'sent' AND NOT m.money_settled))
       AND m.created_at < now() - make_interval(hours => $1) ORDER BY m.created_at LIMIT ${BATCH}`,
    [config().KASA_WHATSAPP_SETTLE_HOURS],
  );
  let captured = 0;
  let refunded = 0;
  for (const row of rows) {
    const m = messageFromRow(row);
    if (m.status === "sent") {
      if (await captureWhatsapp(m.id, `WhatsApp to ${m.contact}: Meta took it and said nothing more`)) captured++;
      continue;
    }
    const message = `Meta posted no status for it in ${config().KASA_WHATSAPP_SETTLE_HOURS} hours: it never took it`;
    const data = (status: string) =>
      whatsappEventData({ ...m, status, errorMessage: message, updatedAt: new Date() }, row.display_phone_number);
    if (await markWhatsappFailed({ id: m.id, code: null, message, reason: `WhatsApp to ${m.contact}` }, data))
      refunded++;
  }
  return { unknown: stale.rowCount ?? 0, captured, refunded };
}
