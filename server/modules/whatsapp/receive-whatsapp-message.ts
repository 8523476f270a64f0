// A person's message to a number (issue #42, point 4): kept once (Meta's wamid is unique, and Meta posts again what
// it thinks was not taken), raising whatsapp.received with the sender's profile name; it opens (or extends) the
// 24-hour window in which the number may write back freely. The window counts from when the person wrote, as Meta
// stamps it, and never moves back for a message that arrives late.
import type { PoolClient } from "pg";
import { newId } from "../../lib/ids";
import { metaTime, type MetaInbound } from "./meta-payload";
import { whatsappEventData } from "./whatsapp-message-view";
import { messageFromRow } from "./whatsapp-message-row";

const MEDIA_TYPES = ["image", "document", "audio", "video", "sticker"];

export async function receiveWhatsappMessage(
  client: PoolClient,
  number: { id: string; accountId: string; sandbox: boolean; displayPhoneNumber: string },
  message: MetaInbound,
  contacts: { wa_id?: string; profile?: { name?: string } }[],
): Promise<boolean> {
  if (typeof message.id !== "string" || typeof message.from !== "string" || !/^[0-9]{4,20}$/.test(message.from))
    return false;
  const contact = `+${message.from}`;
  const name = contacts.find((c) => c.wa_id === message.from)?.profile?.name;
  const profileName = typeof name === "string" ? name.slice(0, 200) : null;
  const at = metaTime(message.timestamp);
  const kind = typeof message.type === "string" ? message.type.slice(0, 40) : "unsupported";
  const part = (message[kind] ?? null) as Record<string, unknown> | null;
  const candidates = [
    message.text?.body,
    part?.caption,
    message.button?.text,
    message.interactive?.button_reply?.title,
    message.interactive?.list_reply?.title,
  ];
  const body = (candidates.find((c) => typeof c === "string") as string | undefined)?.slice(0, 65_536) ?? null;
  const media =
    MEDIA_TYPES.includes(kind) && part && typeof part.id === "string"
      ? { id: part.id, mime_type: part.mime_type ?? null, sha256: part.sha256 ?? null, filename: part.filename ?? null }
      : null;
  const { rows } = await client.query(
    `INSERT INTO whatsapp_messages (id, account_id, mode, number_id, direction, contact, kind, body, media, status, wamid,
       money_settled, profile_name, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'inbound', $5, $6, $7, $8::jsonb, 'received', $9, true, $10, $11, now())
     ON CONFLICT (wamid) DO NOTHING RETURNING *`,
    [
      newId("wam"),
      number.accountId,
      number.sandbox ? "test" : "live",
      number.id,
      contact,
      kind,
      body,
      media ? JSON.stringify(media) : null,
      message.id,
      profileName,
      at,
    ],
  );
  if (!rows[0]) return false;
  const row = messageFromRow(rows[0]);
  await client.query(
    `INSERT INTO whatsapp_contacts (number_id, contact, profile_name, last_inbound_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (number_id, contact) DO UPDATE SET
       last_inbound_at = greatest(whatsapp_contacts.last_inbound_at, EXCLUDED.last_inbound_at),
       profile_name = coalesce(EXCLUDED.profile_name, whatsapp_contacts.profile_name)`,
    [number.id, contact, profileName, at],
  );
  await client.query(
    `INSERT INTO events (account_id, transaction_id, event, data, livemode) VALUES ($1, $2, 'whatsapp.received', $3::jsonb, $4)
     ON CONFLICT (transaction_id, event) DO NOTHING`,
    [row.accountId, row.id, JSON.stringify(whatsappEventData(row, number.displayPhoneNumber)), row.mode === "live"],
  );
  return true;
}
