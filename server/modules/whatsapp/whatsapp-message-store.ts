// A sent WhatsApp message's writes, one statement each (issue #42, point 3; as sms-store.ts for SMS): written pending
// with its price held (live) and bound to its idempotency key before Meta is called (the recovery point), then moved
// by what Meta answers: sent (Meta took it; the hold stays until Meta says delivered), failed (refunded) or unknown
// (Meta's answer was lost: held, and settled by the first status Meta posts for it). Each move is guarded by the
// statuses it may come from, so the request, the worker and Meta's webhook never move it twice.
import { sql } from "../../db/client";
import { namedSql } from "../../db/named-sql";
import type { Queryable } from "../../db/pg-transaction";
import { captureCte, refundCte, reserveCte } from "../billing/charge-sql";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import { assertKeyHeld, bindKeyCte, heldKey, keyBindingValues } from "../idempotency/bind-key-sql";

export type PendingWhatsapp = {
  id: string;
  accountId: string;
  apiKeyId: string | null;
  mode: "test" | "live";
  numberId: string;
  contact: string;
  kind: string;
  templateName: string | null;
  templateLanguage: string | null;
  category: string;
  body: string | null;
  media: object | null;
  countryIso: string;
  priceMicros: bigint;
  currency: string;
  reference: string | null;
  reason: string;
};

/** Written pending (reserved when live), bound to its key. Returns false when a live send's balance is short: nothing written. */
export async function insertPendingWhatsapp(m: PendingWhatsapp, idem?: IdempotencyScope): Promise<boolean> {
  const values = { ...m, media: m.media ? JSON.stringify(m.media) : null, ...keyBindingValues(idem) };
  const statement = namedSql(values, (p) => {
    const key = heldKey(p, idem);
    const row = `${p("id")}::text, ${p("accountId")}::text, ${p("apiKeyId")}::text, ${p("mode")}::key_mode, ${p("numberId")}::text,
      'outbound', ${p("contact")}::text, ${p("kind")}::text, ${p("templateName")}::text, ${p("templateLanguage")}::text,
      ${p("category")}::text, ${p("body")}::text, ${p("media")}::jsonb, ${p("countryIso")}::char(2), 'pending',
      ${p("priceMicros")}::bigint, ${p("currency")}::char(3), ${p("mode")}::key_mode = 'test', ${p("reference")}::text`;
    const columns = `id, account_id, api_key_id, mode, number_id, direction, contact, kind, template_name, template_language,
      category, body, media, country_iso, status, price_micros, currency, money_settled, reference`;
    const bound = bindKeyCte({ placeholder: p, scope: idem, transaction: `${p("id")}::text`, created: "created" });
    if (m.mode === "test")
      return `WITH ${key.with}created AS (INSERT INTO whatsapp_messages (${columns}) SELECT ${row}${key.from} RETURNING id)${bound}
        SELECT true AS written, ${key.column}`;
    const charge = {
      account: `${p("accountId")}::text`,
      amount: `${p("priceMicros")}::bigint`,
      transaction: `${p("id")}::text`,
      reason: `${p("reason")}::text`,
      actor: `${p("apiKeyId")}::text`,
      gate: key.gate,
    };
    return `WITH ${key.with}${reserveCte(charge)},
      created AS (INSERT INTO whatsapp_messages (${columns}) SELECT ${row} FROM debit RETURNING id)${bound}
      SELECT EXISTS (SELECT 1 FROM debit) AS written, ${key.column}`;
  });
  const { rows } = await sql().query(statement);
  assertKeyHeld(rows[0], idem);
  return rows[0]?.written === true;
}

/** pending | unknown -> sent, with Meta's id and whatsapp.sent. The hold stays: Meta bills what it delivers. */
export async function markWhatsappAccepted(
  id: string,
  wamid: string,
  eventData: (status: string) => object,
  db: Queryable = sql(),
): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH moved AS (
       UPDATE whatsapp_messages SET status = 'sent', wamid = $2, sent_at = now(), updated_at = now()
       WHERE id = $1 AND status IN ('pending', 'unknown') RETURNING id, account_id, mode)
     INSERT INTO events (account_id, transaction_id, event, data, livemode)
     SELECT account_id, id, 'whatsapp.sent', $3::jsonb, mode = 'live' FROM moved
     ON CONFLICT (transaction_id, event) DO NOTHING RETURNING 1`,
    [id, wamid, JSON.stringify(eventData("sent"))],
  );
  return (rowCount ?? 0) > 0;
}

/** pending -> unknown: Meta's answer was lost. Held; the first status Meta posts for it (by its callback data) settles it. */
export async function markWhatsappUnknown(id: string, message: string): Promise<boolean> {
  const { rowCount } = await sql().query(
    `UPDATE whatsapp_messages SET status = 'unknown', error_message = $2, updated_at = now()
     WHERE id = $1 AND status = 'pending'`,
    [id, message],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * -> failed from any status but delivered or read, with Meta's code: the hold refunded (once: money_settled) and
 * whatsapp.failed. `wamid` when Meta named it. Returns whether it moved.
 */
export async function markWhatsappFailed(
  {
    id,
    code,
    message,
    wamid = null,
    reason,
  }: { id: string; code: number | null; message: string; wamid?: string | null; reason: string },
  eventData: (status: string) => object,
  db: Queryable = sql(),
): Promise<boolean> {
  const { rowCount } = await db.query(
    // The row locked first (FOR UPDATE reads its newest version): whether it was still held is read under the lock.
    `WITH moved AS (
       UPDATE whatsapp_messages m SET status = 'failed', error_code = $2, error_message = $3,
         wamid = coalesce(m.wamid, $4), failed_at = now(), updated_at = now(), money_settled = true
       FROM (SELECT id, NOT money_settled AS held FROM whatsapp_messages WHERE id = $1 FOR UPDATE) old
       WHERE m.id = old.id AND m.status IN ('pending', 'unknown', 'sent')
       RETURNING m.id, m.account_id, m.mode, m.price_micros, old.held),
     ${refundCte({ account: "g.account_id", amount: "g.price_micros", transaction: "g.id", reason: "$5::text", actor: "'system'", gate: { cte: "moved", where: "g.mode = 'live' AND g.held" } })}
     INSERT INTO events (account_id, transaction_id, event, data, livemode)
     SELECT account_id, id, 'whatsapp.failed', $6::jsonb, mode = 'live' FROM moved
     ON CONFLICT (transaction_id, event) DO NOTHING RETURNING 1`,
    [id, code, message, wamid, `Refund: ${reason}`, JSON.stringify(eventData("failed"))],
  );
  return (rowCount ?? 0) > 0;
}

/** The hold captured, once (Meta said delivered or read, or the worker's horizon passed). Returns whether money moved. */
export async function captureWhatsapp(id: string, reason: string, db: Queryable = sql()): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH settled AS (
       UPDATE whatsapp_messages SET money_settled = true WHERE id = $1 AND NOT money_settled RETURNING id, account_id, mode)
     ${captureCte({ account: "g.account_id", amount: "0", transaction: "g.id", reason: "$2::text", actor: "'system'", gate: { cte: "settled", where: "g.mode = 'live'" } }).replace(/^captured AS/, ", captured AS")}
     SELECT 1 FROM captured`,
    [id, reason],
  );
  return (rowCount ?? 0) > 0;
}
