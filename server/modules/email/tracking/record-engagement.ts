// An open or a click of a tracked message: kept (every one, up to a cap per
// message, so a client that reloads an image forever cannot grow the table
// without bound), and raised as email.opened / email.clicked once per message,
// SPEC 6.3's dedupe key (transaction_id, event). The first of each kind is stamped
// on the message (opened_at, clicked_at) for the delivery figures: an UPDATE
// guarded by IS NULL, so concurrent first opens stamp it once.
import { sql } from "../../../db/client";

const KEPT_PER_MESSAGE = 200;

export async function recordEngagement(input: {
  emailId: string;
  kind: "open" | "click";
  url?: string;
  userAgent?: string | null;
}): Promise<boolean> {
  const event = input.kind === "open" ? "email.opened" : "email.clicked";
  const { rowCount } = await sql().query(
    `WITH email AS (SELECT id, transaction_id, account_id, to_addresses, subject, status FROM email_messages WHERE id = $1),
     stamped AS (
       UPDATE email_messages SET ${input.kind === "open" ? "opened_at" : "clicked_at"} = now()
       WHERE id = $1 AND ${input.kind === "open" ? "opened_at" : "clicked_at"} IS NULL),
     kept AS (
       INSERT INTO email_engagements (email_id, kind, url, user_agent)
       SELECT id, $2, $3, left($4, 300) FROM email
       WHERE (SELECT count(*) FROM (SELECT 1 FROM email_engagements WHERE email_id = $1 LIMIT ${KEPT_PER_MESSAGE}) c) < ${KEPT_PER_MESSAGE}
       RETURNING occurred_at)
     INSERT INTO events (account_id, transaction_id, event, data)
     SELECT account_id, transaction_id, $5,
       jsonb_build_object('transaction_id', transaction_id, 'type', 'email', 'status', CASE WHEN status = 'pending' THEN 'sent' ELSE status::text END, 'email_id', id,
         'to', to_jsonb(to_addresses), 'subject', subject, 'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
         || CASE WHEN $3::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('link', $3::text) END
         || CASE WHEN $4::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('user_agent', left($4, 300)) END
     FROM email
     ON CONFLICT (transaction_id, event) DO NOTHING`,
    [input.emailId, input.kind, input.url ?? null, input.userAgent ?? null, event],
  );
  return (rowCount ?? 0) > 0;
}
