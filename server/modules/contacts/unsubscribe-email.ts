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
     deleted AS (
       SELECT t.contact_id AS id, t.account_id, t.mode, t.email FROM contact_tombstones t
       WHERE t.contact_id = $1 AND NOT EXISTS (SELECT 1 FROM contacts c WHERE c.id = $1)
         AND NOT EXISTS (SELECT 1 FROM opt_outs o WHERE o.account_id = t.account_id AND o.mode = t.mode
                           AND o.channel = 'email' AND o.address = t.email)),
     leaving AS (SELECT * FROM changed UNION ALL SELECT * FROM deleted),
     kept AS (
       INSERT INTO opt_outs (account_id, mode, channel, address)
       SELECT account_id, mode, 'email', email FROM leaving WHERE email IS NOT NULL ON CONFLICT DO NOTHING)
     INSERT INTO events (account_id, transaction_id, event, data, livemode)
     SELECT account_id, $3, 'contact.unsubscribed',
            jsonb_build_object('contact_id', id, 'type', 'contact', 'channel', 'email', 'email', email, 'via', $2::text),
            mode = 'live'
     FROM leaving`,
    [contactId, via, newId("sub")],
  );
  return (rowCount ?? 0) > 0;
}

/** Whether a contact's unsubscribe link or mailto still names someone (a deleted contact's address is kept), and if it has been used. */
export async function unsubscribeTarget(contactId: string): Promise<{ unsubscribed: boolean } | null> {
  const { rows } = await sql().query<{ unsubscribed: boolean }>(
    `SELECT c.email_unsubscribed_at IS NOT NULL AS unsubscribed FROM contacts c WHERE c.id = $1
     UNION ALL
     SELECT EXISTS (SELECT 1 FROM opt_outs o WHERE o.account_id = t.account_id AND o.mode = t.mode
                      AND o.channel = 'email' AND o.address = t.email)
     FROM contact_tombstones t WHERE t.contact_id = $1
     LIMIT 1`,
    [contactId],
  );
  return rows[0] ?? null;
}
