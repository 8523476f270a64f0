// A contact unsubscribes from broadcast email (the one-click link, or mail to
// the mailto address): recorded once, with contact.unsubscribed, and kept
// apart from the contact (opt_outs) so a re-import cannot mail it again. Transactional
// email from the API still reaches them (docs/decisions.md).
import { sql } from "../../db/client";
import { newId } from "../../lib/ids";

export async function unsubscribeEmail(contactId: string, via: "link" | "mailto"): Promise<boolean> {
  const { rowCount } = await sql().query(
    `WITH changed AS (
       UPDATE contacts SET email_unsubscribed_at = now(), updated_at = now()
       WHERE id = $1 AND email_unsubscribed_at IS NULL RETURNING id, account_id, mode, email),
     kept AS (
       INSERT INTO opt_outs (account_id, mode, channel, address)
       SELECT account_id, mode, 'email', email FROM changed WHERE email IS NOT NULL ON CONFLICT DO NOTHING)
     INSERT INTO events (account_id, transaction_id, event, data, livemode)
     SELECT account_id, $3, 'contact.unsubscribed',
            jsonb_build_object('contact_id', id, 'type', 'contact', 'channel', 'email', 'email', email, 'via', $2::text),
            mode = 'live'
     FROM changed`,
    [contactId, via, newId("sub")],
  );
  return (rowCount ?? 0) > 0;
}
