// A counted click on a short link, in one statement: the link's own count
// (and its first click), then the message's first click, stamped on
// sms_messages.clicked_at (guarded by IS NULL, so concurrent first clicks stamp
// it once; the delivery figures count it from there), and sms.clicked raised
// only by the click that stamped it. The event is also unique per
// (transaction_id, event), SPEC 6.3's dedupe key: once per message, whichever
// of its links was followed, even after its event was removed by retention.
import { sql } from "../../../db/client";
import type { ShortLink, SmsMessage } from "../../../db/generated/client";
import { smsEventData } from "../sms-view";

/** Returns whether this click raised sms.clicked (the message's first counted click). */
export async function recordSmsClick({
  link,
  sms,
  shortUrl,
}: {
  link: Pick<ShortLink, "id" | "url">;
  sms: SmsMessage;
  shortUrl: string;
}): Promise<boolean> {
  // The message as it stands (delivered, most often; one still being settled was sent), and which link was followed.
  const data = {
    ...smsEventData(sms),
    ...(sms.status === "pending" ? { status: "sent" } : {}),
    url: link.url,
    short_url: shortUrl,
    timestamp: new Date().toISOString(),
  };
  const { rowCount } = await sql().query(
    `WITH counted AS (
       UPDATE short_links SET clicks = clicks + 1, first_clicked_at = coalesce(first_clicked_at, now())
       WHERE id = $1 RETURNING sms_id),
     stamped AS (
       UPDATE sms_messages SET clicked_at = now()
       WHERE id = (SELECT sms_id FROM counted) AND clicked_at IS NULL
       RETURNING id, account_id)
     INSERT INTO events (account_id, transaction_id, event, data)
     SELECT account_id, id, 'sms.clicked', $2::jsonb FROM stamped
     ON CONFLICT (transaction_id, event) DO NOTHING`,
    [link.id, JSON.stringify(data)],
  );
  return (rowCount ?? 0) > 0;
}
