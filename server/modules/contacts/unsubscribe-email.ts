// A contact unsubscribes from broadcast email (the one-click link, or mail to
// the mailto address): recorded once, with contact.unsubscribed. Transactional
// email from the API still reaches them (docs/decisions.md).
import { sql } from "../../db/client";

export async function unsubscribeEmail(contactId: string, via: "link" | "mailto"): Promise<boolean> {
  const { rowCount } = await sql().query(
    `WITH changed AS (
       UPDATE contacts SET email_unsubscribed_at = now(), updated_at = now()
       WHERE id = $1 AND email_unsubscribed_at IS NULL RETURNING id, account_id, mode, email)
     INSERT INTO events (account_id, transaction_id, event, data, livemode)
     SELECT account_id, id, 'contact.unsubscribed',
            jsonb_build_object('contact_id', id, 'type', 'contact', 'channel', 'email', 'email', email, 'via', $2::text),
            mode = 'live'
     FROM changed`,
    [contactId, via],
  );
  return (rowCount ?? 0) > 0;
}
