// The scale bench's broadcast probe (docs/decisions.md, "Contacts, templates and broadcasts"): one contact in one list, and a broadcast to it under way.
import { sql } from "../../server/db/client";
import { newId } from "../../server/lib/ids";
import type { BigAccount } from "./scale-seed";

export /** A contact in a list, and a broadcast to it that has sent to them: what the broadcast pages look up. */
async function writeBroadcastProbe(big: BigAccount) {
  const [contactId, listId, broadcastId] = [newId("con"), newId("lst"), newId("brd")];
  await sql().query(
    `INSERT INTO contacts (id, account_id, mode, phone, email, first_name, last_name, country_iso)
     VALUES ($1, $2, 'live', '+233241234567', 'ama@example.com', 'Ama', 'Mensah', 'GH')`,
    [contactId, big.accountId],
  );
  await sql().query(`INSERT INTO contact_lists (id, account_id, mode, name) VALUES ($1, $2, 'live', 'Customers')`, [
    listId,
    big.accountId,
  ]);
  await sql().query(`INSERT INTO contact_list_members (list_id, contact_id) VALUES ($1, $2)`, [listId, contactId]);
  await sql().query(
    `INSERT INTO broadcasts (id, account_id, mode, api_key_id, name, channel, list_id, body, status, recipients, started_at)
     VALUES ($1, $2, 'live', $3, 'Probe', 'sms', $4, 'Hi {{first_name}}', 'sending', 1, now())`,
    [broadcastId, big.accountId, big.live.id, listId],
  );
  await sql().query(`INSERT INTO broadcast_recipients (broadcast_id, contact_id, status) VALUES ($1, $2, 'sent')`, [
    broadcastId,
    contactId,
  ]);
  return { listId, broadcastId };
}
