// What Meta posted to a number's webhook, applied (issue #42, point 4): each payload was kept before Meta was
// answered (whatsapp-webhook.ts), and is applied here in one transaction: its statuses, its inbound messages and its
// template status changes, then marked processed. The webhook applies a payload at once; the worker applies what
// that left (a process that died, a database that was away) and the sandbox's simulated statuses when they are due.
//
// One Meta app has one callback URL, so the post that reaches one number's URL may carry changes of the account's
// other numbers: each change goes to the account's number Meta names in it (metadata.phone_number_id), and one of a
// number not this account's is left alone. A field of an unexpected shape is read as empty, never thrown on; a
// payload that still fails (the database) is tried again later, less often each time, then set aside with its error.
import type { PoolClient } from "pg";
import { inPgTransaction, type Queryable } from "../../db/pg-transaction";
import { sql } from "../../db/client";
import { newId } from "../../lib/ids";
import { logger } from "../../lib/logger";
import { applyWhatsappStatus } from "./apply-whatsapp-status";
import { receiveWhatsappMessage } from "./receive-whatsapp-message";
import { listOf, type MetaChangeValue, type MetaInbound, type MetaStatus } from "./meta-payload";
import { whatsappTemplateView } from "./whatsapp-template-view";

export type NumberRow = {
  id: string;
  accountId: string;
  sandbox: boolean;
  displayPhoneNumber: string;
  phoneNumberId: string | null;
  wabaId: string | null;
};

/** Attempts before a payload is set aside; the waits between them double up to an hour. */
export const MAX_ATTEMPTS = 12;

/**
 * Applies payload `id` unless another process has applied it (claimed by marking it processed, in the transaction
 * that applies it: a failure leaves it unapplied). `known`: its body and its account's numbers, when the caller
 * (the webhook, which just kept it) has them. Returns whether this call applied it.
 */
export async function applyWhatsappPayload(
  id: bigint | string,
  known?: { body: unknown; numberId: string; numbers: NumberRow[] },
): Promise<boolean> {
  return inPgTransaction(async (client) => {
    const { rows } = await client.query(
      `UPDATE whatsapp_webhook_payloads SET processed_at = now() WHERE id = $1 AND processed_at IS NULL
       RETURNING ${known ? "1" : "body, number_id"}`,
      [String(id)],
    );
    if (!rows[0]) return false;
    const numberId = known?.numberId ?? rows[0].number_id;
    const numbers = known?.numbers ?? (await accountNumbers(client, numberId));
    const own = numbers.find((n) => n.id === numberId)!;
    const body = (known?.body ?? rows[0].body) as { entry?: unknown } | null;
    for (const entry of listOf<{ id?: unknown; changes?: unknown }>(body?.entry))
      for (const change of listOf<{ field?: unknown; value?: MetaChangeValue }>(entry.changes)) {
        const value = change.value && typeof change.value === "object" ? change.value : {};
        if (change.field === "message_template_status_update")
          for (const n of numbers.filter((n) => n.wabaId !== null && n.wabaId === String(entry.id)))
            await templateStatus(client, n, value);
        if (change.field !== "messages") continue;
        const number = own.sandbox ? own : numbers.find((n) => n.phoneNumberId === value.metadata?.phone_number_id);
        if (number) await applyMessages(client, number, value);
      }
    return true;
  });
}

/** The numbers of the account `numberId` is of (a payload's changes may be any of them), with their sealed app secret. */
export async function accountNumbers(
  client: Queryable,
  numberId: string,
): Promise<(NumberRow & { appSecret: string | null })[]> {
  const { rows } = await client.query(
    `SELECT id, account_id, sandbox, display_phone_number, phone_number_id, waba_id, app_secret FROM whatsapp_numbers
     WHERE account_id = (SELECT account_id FROM whatsapp_numbers WHERE id = $1)`,
    [numberId],
  );
  return rows.map((r) => ({
    appSecret: r.app_secret,
    id: r.id,
    accountId: r.account_id,
    sandbox: r.sandbox,
    displayPhoneNumber: r.display_phone_number,
    phoneNumberId: r.phone_number_id,
    wabaId: r.waba_id,
  }));
}

async function applyMessages(client: PoolClient, number: NumberRow, value: MetaChangeValue) {
  // Statuses in the order Meta listed them; each only moves its message forward, so the order does not matter.
  for (const status of listOf<MetaStatus>(value.statuses)) await applyWhatsappStatus(client, number, status);
  const contacts = listOf<{ wa_id?: string; profile?: { name?: string } }>(value.contacts);
  for (const message of listOf<MetaInbound>(value.messages))
    await receiveWhatsappMessage(client, number, message, contacts);
}

/** Meta's word on a template's review (APPROVED, REJECTED, PAUSED...): kept, and whatsapp.template_updated when it changed. */
async function templateStatus(client: PoolClient, number: NumberRow, value: MetaChangeValue) {
  if (value.message_template_id === undefined || typeof value.event !== "string") return;
  const { rows } = await client.query(
    `WITH before AS (SELECT meta_id, status FROM whatsapp_templates WHERE number_id = $1 AND meta_id = $2 FOR UPDATE)
     UPDATE whatsapp_templates t SET status = $3 FROM before
     WHERE t.number_id = $1 AND t.meta_id = before.meta_id AND before.status <> $3
     RETURNING t.*, before.status AS previous_status`,
    [number.id, String(value.message_template_id), value.event.slice(0, 40)],
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
  const reason = typeof value.reason === "string" ? value.reason.slice(0, 100) : null;
  await client.query(
    `INSERT INTO events (account_id, transaction_id, event, data, livemode) VALUES ($1, $2, 'whatsapp.template_updated', $3::jsonb, $4)`,
    [
      number.accountId,
      newId("wtu"),
      JSON.stringify({ number_id: number.id, previous_status: t.previous_status, reason, ...view }),
      !number.sandbox,
    ],
  );
}

/** The worker's pass: payloads not applied yet and due (the sandbox's, and failed ones after their wait), oldest first. */
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
      await postpone(id, (error as Error).message);
    }
  }
  return applied;
}

/** A payload that failed waits 2^attempts seconds (an hour at most) for its next try; after the last, it is set aside. */
async function postpone(id: string, message: string): Promise<void> {
  const { rows } = await sql().query<{ attempts: number; set_aside: boolean }>(
    `UPDATE whatsapp_webhook_payloads SET attempts = attempts + 1, last_error = left($2, 500),
       apply_after = now() + make_interval(secs => least(3600, power(2, attempts + 1))),
       processed_at = CASE WHEN attempts + 1 >= $3 THEN now() END
     WHERE id = $1 RETURNING attempts, processed_at IS NOT NULL AS set_aside`,
    [id, message, MAX_ATTEMPTS],
  );
  const log = rows[0]?.set_aside
    ? "whatsapp: payload set aside after its last attempt"
    : "whatsapp: payload not applied";
  logger().error({ err: message, payload: id, attempts: rows[0]?.attempts }, log);
}
