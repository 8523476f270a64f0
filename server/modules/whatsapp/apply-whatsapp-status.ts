// One status Meta posted for a sent message (issue #42, point 4), applied under the message's row lock: statuses only
// move it forward (sent, delivered, read), so a repeated or late one (delivered after read) changes nothing, and one
// that skips ahead (read with no delivered, which Meta allows) raises the events it skipped, in order. Delivered or
// read captures the held price (Meta bills what it delivered); failed refunds it, with Meta's code. A message whose
// answer was lost (unknown) is found by Kasa's transaction id, which Meta echoes as biz_opaque_callback_data.
import type { PoolClient } from "pg";
import type { WhatsappMessage } from "../../db/generated/client";
import { markWhatsappAccepted, markWhatsappFailed } from "./whatsapp-message-store";
import { captureCte } from "../billing/charge-sql";
import { whatsappEventData } from "./whatsapp-message-view";
import { listOf, metaTime, type MetaStatus } from "./meta-payload";
import { messageFromRow } from "./whatsapp-message-row";

const RANK: Record<string, number> = { pending: 0, unknown: 0, sent: 1, delivered: 2, read: 3 };
const FORWARD = ["sent", "delivered", "read"] as const;

export async function applyWhatsappStatus(
  client: PoolClient,
  number: { id: string; displayPhoneNumber: string },
  status: MetaStatus,
): Promise<void> {
  const callback =
    typeof status.biz_opaque_callback_data === "string" && status.biz_opaque_callback_data.startsWith("wam_")
      ? status.biz_opaque_callback_data
      : null;
  if (typeof status.id !== "string") status = { ...status, id: undefined };
  if (!status.id && !callback) return;
  const { rows } = await client.query(
    `SELECT * FROM whatsapp_messages WHERE number_id = $3 AND direction = 'outbound' AND (wamid = $1 OR id = $2)
     LIMIT 1 FOR UPDATE`,
    [status.id ?? null, callback, number.id],
  );
  // A message Kasa did not send (from Meta's own tools, or another app on the number): not Kasa's to report.
  if (!rows[0]) return;
  const message = messageFromRow(rows[0]);
  const at = metaTime(status.timestamp);
  const data = (name: string, extra: Partial<WhatsappMessage> = {}) =>
    whatsappEventData(
      { ...message, status: name, wamid: message.wamid ?? status.id ?? null, updatedAt: at, ...extra },
      number.displayPhoneNumber,
    );
  if (status.status === "failed") return failed(client, message, status, data);
  const target = status.status === "played" ? "read" : status.status;
  if (!target || !(target in RANK) || message.status === "failed") return;
  const from = RANK[message.status]!;
  const to = RANK[target]!;
  if (to <= from) return;
  if (from === 0 && status.id) await markWhatsappAccepted(message.id, status.id, data, client);
  if (to >= 2) await moveForward(client, message, target as "delivered" | "read", at, data);
}

async function moveForward(
  client: PoolClient,
  message: WhatsappMessage,
  target: "delivered" | "read",
  at: Date,
  data: (status: string) => object,
): Promise<void> {
  // delivered, and read when it came: each a step past where the message stood (sent was raised on its own).
  const events = FORWARD.filter(
    (s) => s !== "sent" && RANK[s]! > RANK[message.status]! && RANK[s]! <= RANK[target]!,
  ).map((s) => ({ event: `whatsapp.${s}`, data: data(s) }));
  // The row is locked (FOR UPDATE above): whether its hold is still to capture is known here. One statement moves it,
  // raises its events and captures its hold.
  const capture =
    message.mode === "live" && !message.moneySettled
      ? `, ${captureCte({ account: "g.account_id", amount: "0", transaction: "g.id", reason: "$5::text", actor: "'system'", gate: { cte: "moved" } })}`
      : "";
  await client.query(
    `WITH moved AS (
       UPDATE whatsapp_messages SET status = $2, delivered_at = coalesce(delivered_at, $3),
         read_at = CASE WHEN $2 = 'read' THEN $3 ELSE read_at END, updated_at = now(), money_settled = true
       WHERE id = $1 RETURNING id, account_id, mode),
     raised AS (
       INSERT INTO events (account_id, transaction_id, event, data, livemode)
       SELECT m.account_id, m.id, e.event, e.data, m.mode = 'live'
       FROM moved m, jsonb_to_recordset($4::jsonb) AS e(event text, data jsonb)
       ON CONFLICT (transaction_id, event) DO NOTHING)${capture}
     SELECT 1`,
    [message.id, target, at, JSON.stringify(events), ...(capture ? [`WhatsApp to ${message.contact} delivered`] : [])],
  );
}

async function failed(
  client: PoolClient,
  message: WhatsappMessage,
  status: MetaStatus,
  data: (status: string, extra?: Partial<WhatsappMessage>) => object,
): Promise<void> {
  const error = listOf<NonNullable<MetaStatus["errors"]>[number]>(status.errors)[0];
  const title = [error?.title, error?.message].find((s) => typeof s === "string") ?? "Meta reported the message failed";
  const details = typeof error?.error_data?.details === "string" ? error.error_data.details : undefined;
  const code = typeof error?.code === "number" ? error.code : null;
  const text = details && details !== title ? `${title}: ${details}` : title;
  await markWhatsappFailed(
    {
      id: message.id,
      code,
      message: text,
      wamid: status.id ?? null,
      reason: `WhatsApp to ${message.contact} failed at Meta`,
    },
    (name) => data(name, { errorCode: code, errorMessage: text }),
    client,
  );
}
