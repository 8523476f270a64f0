// The dashboard's conversations (issue #42, point 7): the people the account's numbers wrote with lately, newest
// first, each with its last message and whether its 24-hour window is open. Read from the mode's newest messages
// (at most RECENT, through (account_id, mode, created_at)), so its cost stays bounded however many messages an
// account has; an older conversation is opened by the person's number.
import { sql } from "../../db/client";
import { messageFromRow } from "./whatsapp-message-row";
import { whatsappMessageView } from "./whatsapp-message-view";
import { windowClosesAt } from "./whatsapp-window";

const RECENT = 500;
const SHOWN = 30;

export async function listWhatsappConversations(caller: { accountId: string; mode: "test" | "live" }) {
  const { rows } = await sql().query(
    `WITH recent AS (
       SELECT * FROM whatsapp_messages WHERE account_id = $1 AND mode = $2::key_mode AND number_id IS NOT NULL
       ORDER BY created_at DESC LIMIT ${RECENT})
     SELECT DISTINCT ON (r.number_id, r.contact) r.*, n.display_phone_number, c.profile_name AS contact_name,
       c.last_inbound_at
     FROM recent r JOIN whatsapp_numbers n ON n.id = r.number_id
     LEFT JOIN whatsapp_contacts c ON c.number_id = r.number_id AND c.contact = r.contact
     ORDER BY r.number_id, r.contact, r.created_at DESC`,
    [caller.accountId, caller.mode],
  );
  const now = Date.now();
  return rows
    .map((r) => ({
      number_id: r.number_id as string,
      contact: r.contact as string,
      name: (r.contact_name as string | null) ?? null,
      last: whatsappMessageView(messageFromRow(r), r.display_phone_number),
      window_open: r.last_inbound_at ? windowClosesAt(r.last_inbound_at as Date).getTime() > now : false,
    }))
    .sort((a, b) => b.last.created_at.localeCompare(a.last.created_at))
    .slice(0, SHOWN);
}
