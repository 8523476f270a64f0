// GET /api/v1/whatsapp/messages: the key's mode's messages both ways, newest first, a page at a time (`before` the
// last one's id); one person's conversation with `contact`, with the state of their 24-hour window. Read through
// (account_id, mode, created_at) or, for a conversation, (number_id, contact, created_at).
import { db, sql } from "../../db/client";
import { parseRecipient } from "../sms/phone";
import type { ListWhatsappMessagesInput } from "./send-schemas";
import { messageFromRow } from "./whatsapp-message-row";
import { whatsappMessageView } from "./whatsapp-message-view";
import { customerServiceWindow } from "./whatsapp-window";

const DEFAULT_LIMIT = 25;

export async function listWhatsappMessages(
  input: ListWhatsappMessagesInput,
  caller: { accountId: string; mode: "test" | "live" },
) {
  const values: unknown[] = [caller.accountId, caller.mode];
  const where = ["m.account_id = $1", "m.mode = $2::key_mode"];
  const add = (condition: (p: string) => string, value: unknown) => where.push(condition(`$${values.push(value)}`));
  const contact = input.contact ? parseRecipient(input.contact).e164 : undefined;
  if (contact) add((p) => `m.contact = ${p}`, contact);
  if (input.number_id) add((p) => `m.number_id = ${p}`, input.number_id);
  if (input.before)
    add(
      (p) =>
        `(m.created_at, m.id) < (SELECT created_at, id FROM whatsapp_messages WHERE id = ${p} AND account_id = $1)`,
      input.before,
    );
  const limit = input.limit ?? DEFAULT_LIMIT;
  const { rows } = await sql().query(
    `SELECT m.*, n.display_phone_number FROM whatsapp_messages m LEFT JOIN whatsapp_numbers n ON n.id = m.number_id
     WHERE ${where.join(" AND ")} ORDER BY m.created_at DESC, m.id DESC LIMIT ${limit + 1}`,
    values,
  );
  // The window of the caller's own number only: whether a person wrote to another account's number is not theirs.
  const own =
    contact && input.number_id
      ? await db().whatsappNumber.findFirst({
          where: { id: input.number_id, accountId: caller.accountId, sandbox: caller.mode === "test" },
          select: { id: true },
        })
      : null;
  const window = own && contact ? await customerServiceWindow(own.id, contact) : null;
  return {
    messages: rows.slice(0, limit).map((r) => whatsappMessageView(messageFromRow(r), r.display_phone_number ?? null)),
    has_more: rows.length > limit,
    window: window ? { open: window.open, closes_at: window.closesAt?.toISOString() ?? null } : null,
  };
}
