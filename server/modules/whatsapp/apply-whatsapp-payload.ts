// What Meta posted to a number's webhook, applied (issue #42, point 4): each payload was kept before Meta was
// answered (whatsapp-webhook.ts), and is applied here in one transaction: its statuses, its inbound messages and its
// template status changes, then marked processed. The webhook applies a payload at once; the worker applies what
// that left (a process that died, a database that was away) and the sandbox's simulated statuses when they are due.
import type { PoolClient } from "pg";
import { inPgTransaction } from "../../db/pg-transaction";
import { sql } from "../../db/client";
import { newId } from "../../lib/ids";
import { logger } from "../../lib/logger";
import { applyWhatsappStatus } from "./apply-whatsapp-status";
import { receiveWhatsappMessage } from "./receive-whatsapp-message";
import type { MetaChangeValue, MetaPayload } from "./meta-payload";
import { whatsappTemplateView } from "./whatsapp-template-view";

type NumberRow = { id: string; accountId: string; sandbox: boolean; displayPhoneNumber: string };

/** Applies payload `id` unless another process holds or has applied it. Returns whether this call applied it. */
export async function applyWhatsappPayload(id: bigint | string): Promise<boolean> {
  return inPgTransaction(async (client) => {
    const { rows } = await client.query(
      `SELECT p.body, n.id, n.account_id, n.sandbox, n.display_phone_number
       FROM whatsapp_webhook_payloads p JOIN whatsapp_numbers n ON n.id = p.number_id
       WHERE p.id = $1 AND p.processed_at IS NULL FOR UPDATE OF p SKIP LOCKED`,
      [String(id)],
    );
    const row = rows[0];
    if (!row) return false;
    const number: NumberRow = {
      id: row.id,
      accountId: row.account_id,
      sandbox: row.sandbox,
      displayPhoneNumber: row.display_phone_number,
    };
    for (const entry of (row.body as MetaPayload).entry ?? [])
      for (const change of entry.changes ?? []) await applyChange(client, number, change.field, change.value ?? {});
    await client.query(`UPDATE whatsapp_webhook_payloads SET processed_at = now() WHERE id = $1`, [String(id)]);
    return true;
  });
}

async function applyChange(client: PoolClient, number: NumberRow, field: string | undefined, value: MetaChangeValue) {
  if (field === "message_template_status_update") return templateStatus(client, number, value);
  if (field !== "messages") return;
  // Statuses in the order Meta listed them; each only moves its message forward, so the order does not matter.
  for (const status of value.statuses ?? []) await applyWhatsappStatus(client, number, status);
  for (const message of value.messages ?? []) await receiveWhatsappMessage(client, number, message, value.contacts);
}

/** Meta's word on a template's review (APPROVED, REJECTED, PAUSED...): kept, and whatsapp.template_updated when it changed. */
async function templateStatus(client: PoolClient, number: NumberRow, value: MetaChangeValue) {
  if (value.message_template_id === undefined || typeof value.event !== "string") return;
  const { rows } = await client.query(
    `WITH before AS (SELECT meta_id, status FROM whatsapp_templates WHERE number_id = $1 AND meta_id = $2 FOR UPDATE)
     UPDATE whatsapp_templates t SET status = $3 FROM before
     WHERE t.number_id = $1 AND t.meta_id = before.meta_id AND before.status <> $3
     RETURNING t.*, before.status AS previous_status`,
    [number.id, String(value.message_template_id), value.event],
  );
  const t = rows[0];
  if (!t) return;
  const view = whatsappTemplateView({
    metaId: t.meta_id,
    name: t.name,
    language: t.language,
    category: t.category,
    status: t.status,
    body: t.body,
    variables: t.variables,
    syncedAt: t.synced_at,
  });
  await client.query(
    `INSERT INTO events (account_id, transaction_id, event, data, livemode) VALUES ($1, $2, 'whatsapp.template_updated', $3::jsonb, $4)`,
    [
      number.accountId,
      newId("wtu"),
      JSON.stringify({
        number_id: number.id,
        previous_status: t.previous_status,
        reason: value.reason ?? null,
        ...view,
      }),
      !number.sandbox,
    ],
  );
}

/** The worker's pass: payloads not applied yet and due (the sandbox's wait for their moment), oldest first. */
export async function applyDueWhatsappPayloads(limit = 200): Promise<number> {
  const { rows } = await sql().query<{ id: string }>(
    `SELECT id FROM whatsapp_webhook_payloads
     WHERE processed_at IS NULL AND (apply_after IS NULL OR apply_after <= now()) ORDER BY id LIMIT $1`,
    [limit],
  );
  let applied = 0;
  for (const { id } of rows) {
    try {
      if (await applyWhatsappPayload(id)) applied++;
    } catch (error) {
      // One payload that cannot be applied must not hold back the others: it is tried again on the next pass.
      logger().error({ err: (error as Error).message, payload: id }, "whatsapp: payload not applied");
    }
  }
  return applied;
}
