// An SMS transaction's writes, one statement each: created pending (with its
// reservation, live, and bound to its idempotency key), then settled once:
// sent (capture, the carrier attempts and the carrier's id of every part),
// failed (refund) or unknown (capture: the hand-off's outcome was lost), each
// together with its outbox event and guarded by status = 'pending', so the
// request and the recovery job can never both settle it. A message's short
// links (shorten_links) are written by the statement that creates it.
import { sql } from "../../db/client";
import { namedSql } from "../../db/named-sql";
import { captureCte, refundCte, reserveCte, type ChargeParams } from "../billing/charge-sql";
import type { SmsMessage } from "../../db/generated/client";
import { smsEventData } from "./sms-view";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import { assertKeyHeld, bindKeyCte, heldKey, keyBindingValues } from "../idempotency/bind-key-sql";
import { shortLinksCte, shortLinkValues } from "./short-links/save-short-links";
import type { ShortLinkDraft } from "./short-links/shorten-body";

const COLUMNS = `id, account_id, api_key_id, mode, to_number, sender, body, reference, broadcast_id, encoding, characters, segments, country_iso, route, region, provider, status, price_micros, currency, category, scheduled_at, network, created_at, updated_at`;

function values(sms: SmsMessage, reason: string) {
  return { ...sms, reason, event: JSON.stringify(smsEventData(sms)), attempts: JSON.stringify(sms.carrierAttempts) };
}

function charge(p: (name: string) => string): ChargeParams {
  return {
    account: `${p("accountId")}::text`,
    amount: `${p("priceMicros")}::bigint`,
    transaction: `${p("id")}::text`,
    reason: `${p("reason")}::text`,
    actor: `${p("apiKeyId")}::text`,
  };
}

/**
 * Created pending (reserved, live), bound to its idempotency key when it has
 * one; or scheduled (reserved likewise, waiting for its window) with its
 * sms.scheduled event. Returns false when a live send's balance is short:
 * then nothing at all was written.
 */
/**
 * A message to write pending, what its reservation is for, the idempotency key to bind it to, and its short links
 * (shorten_links), written through the created row so they exist exactly when the message does.
 */
export type PendingSms = { sms: SmsMessage; reason: string; idem?: IdempotencyScope; links?: ShortLinkDraft[] };

export async function insertPendingSms({ sms, reason, idem, links }: PendingSms): Promise<boolean> {
  const { rows } = await sql().query(pendingSmsStatement({ sms, reason, idem, links }));
  assertKeyHeld(rows[0], idem);
  return rows[0]?.written === true;
}

/** insertPendingSms()'s one statement (the API bench's baseline runs it too); its one row's `written` says whether it wrote. */
export function pendingSmsStatement({ sms, reason, idem, links = [] }: PendingSms) {
  const live = sms.mode === "live";
  const linkValues = links.length ? shortLinkValues(links, sms.createdAt) : {};
  return namedSql({ ...values(sms, reason), ...keyBindingValues(idem), ...linkValues }, (p) => {
    // Typed placeholders: in a SELECT list PostgreSQL cannot infer them from the target columns.
    const row = `${p("id")}::text, ${p("accountId")}::text, ${p("apiKeyId")}::text, ${p("mode")}::key_mode, ${p("toNumber")}::text, ${p("sender")}::text,
      ${p("body")}::text, ${p("reference")}::text, ${p("broadcastId")}::text, ${p("encoding")}::text, ${p("characters")}::int, ${p("segments")}::int, ${p("countryIso")}::char(2),
      ${p("route")}::sms_route, ${p("region")}::text, ${p("provider")}::text, ${p("status")}::sms_status, ${p("priceMicros")}::bigint, ${p("currency")}::char(3),
      ${p("category")}::text, ${p("scheduledAt")}::timestamptz, ${p("network")}::text, ${p("createdAt")}::timestamptz, ${p("createdAt")}::timestamptz`;
    const key = heldKey(p, idem);
    const scheduled =
      sms.status === "scheduled"
        ? `, scheduled AS (INSERT INTO events (account_id, transaction_id, event, data)
             SELECT ${p("accountId")}::text, id, 'sms.scheduled', ${p("event")}::jsonb FROM created)`
        : "";
    // Only a message with links has the part: every other send keeps the one prepared statement it had.
    const linked = links.length ? shortLinksCte(p, "created") : "";
    const bound =
      scheduled +
      linked +
      bindKeyCte({ placeholder: p, scope: idem, transaction: `${p("id")}::text`, created: "created" });
    return live
      ? `WITH ${key.with}${reserveCte({ ...charge(p), gate: key.gate })},
         created AS (INSERT INTO sms_messages (${COLUMNS}) SELECT ${row} FROM debit RETURNING id)${bound}
         SELECT EXISTS (SELECT 1 FROM debit) AS written, ${key.column}`
      : `WITH ${key.with}created AS (INSERT INTO sms_messages (${COLUMNS}) SELECT ${row}${key.from} RETURNING id)${bound}
         SELECT true AS written, ${key.column}`;
  });
}

/** pending (or `from`) -> the money step and the status, guarded: only the first settle of a message moves anything. */
function settleCtes(
  p: (name: string) => string,
  set: string,
  money: "capture" | "refund",
  from: "pending" | "scheduled" = "pending",
) {
  const gated: ChargeParams = {
    ...charge(p),
    account: "g.account_id",
    amount: "g.price_micros",
    transaction: "g.id",
    gate: { cte: "updated", where: "g.mode = 'live'" },
  };
  return `updated AS (UPDATE sms_messages SET ${set}, updated_at = ${p("updatedAt")}
                WHERE id = ${p("id")} AND status = '${from}' RETURNING id, account_id, mode, price_micros),
    ${money === "capture" ? captureCte(gated) : refundCte(gated)}`;
}

/**
 * pending -> sent: capture, the carrier attempts, the carrier's id of every
 * part (a one-part message is matched by its provider_message_id; the sandbox
 * simulates its receipts) and sms.sent. Returns whether it moved.
 */
export async function markSmsSent({
  sms,
  reason,
  partIds,
}: {
  sms: SmsMessage;
  reason: string;
  partIds: string[];
}): Promise<boolean> {
  return (await sql().query(smsSentStatement({ sms, reason, partIds }))).rowCount! > 0;
}

/** markSmsSent()'s one statement (the API bench's baseline runs it too); it returns a row when the message moved. */
export function smsSentStatement({ sms, reason, partIds }: { sms: SmsMessage; reason: string; partIds: string[] }) {
  return namedSql(
    { ...values(sms, reason), partIds },
    (p) => `
    WITH ${settleCtes(
      p,
      `status = 'sent', provider = ${p("provider")}, provider_message_id = ${p("providerMessageId")},
       receipt_due_at = ${p("receiptDueAt")}, carrier_attempts = ${p("attempts")}::jsonb`,
      "capture",
    )},
    parts AS (INSERT INTO sms_parts (provider, carrier_message_id, sms_id, part)
              SELECT ${p("provider")}::text, part_id, u.id, ordinality
              FROM updated u, unnest(${p("partIds")}::text[]) WITH ORDINALITY AS x(part_id, ordinality))
    INSERT INTO events (account_id, transaction_id, event, data) SELECT account_id, id, 'sms.sent', ${p("event")}::jsonb FROM updated RETURNING 1`,
  );
}

/** pending -> failed: refund, the attempts and sms.failed. Returns whether it moved. */
export async function markSmsFailed(sms: SmsMessage, reason: string): Promise<boolean> {
  const statement = namedSql(
    values(sms, reason),
    (p) => `
    WITH ${settleCtes(
      p,
      `status = 'failed', error_code = ${p("errorCode")}, error_message = ${p("errorMessage")},
       failure_reason = ${p("failureReason")}::text, provider = ${p("provider")}::text, carrier_attempts = ${p("attempts")}::jsonb`,
      "refund",
    )}
    INSERT INTO events (account_id, transaction_id, event, data) SELECT account_id, id, 'sms.failed', ${p("event")}::jsonb FROM updated RETURNING 1`,
  );
  return (await sql().query(statement)).rowCount! > 0;
}

/**
 * pending -> unknown: the hand-off's outcome cannot be known (the carrier's
 * answer was lost, or the process sending it died). The message may have
 * left, so it is captured at its quoted price like a sent one, and sms.sent
 * says so with status "unknown"; a receipt may still settle it later.
 * Returns whether it moved.
 */
export async function markSmsUnknown({
  sms,
  reason,
  partIds = [],
}: {
  sms: SmsMessage;
  reason: string;
  partIds?: string[];
}): Promise<boolean> {
  const statement = namedSql(
    { ...values(sms, reason), partIds },
    (p) => `
    WITH ${settleCtes(
      p,
      `status = 'unknown', error_message = ${p("errorMessage")}, provider = ${p("provider")}::text,
       provider_message_id = ${p("providerMessageId")}, carrier_attempts = ${p("attempts")}::jsonb`,
      "capture",
    )},
    parts AS (INSERT INTO sms_parts (provider, carrier_message_id, sms_id, part)
              SELECT ${p("provider")}::text, part_id, u.id, ordinality
              FROM updated u, unnest(${p("partIds")}::text[]) WITH ORDINALITY AS x(part_id, ordinality))
    INSERT INTO events (account_id, transaction_id, event, data) SELECT account_id, id, 'sms.sent', ${p("event")}::jsonb FROM updated RETURNING 1`,
  );
  return (await sql().query(statement)).rowCount! > 0;
}

/**
 * scheduled -> cancelled: the hold released (a refund entry, live) and sms.cancelled, in one statement guarded by
 * status = 'scheduled', so a cancel and the worker's claim (scheduled -> pending) never both move it. Returns whether
 * it moved.
 */
export async function markSmsCancelled(sms: SmsMessage, reason: string): Promise<boolean> {
  const statement = namedSql(
    values(sms, reason),
    (p) => `
    WITH ${settleCtes(p, `status = 'cancelled'`, "refund", "scheduled")}
    INSERT INTO events (account_id, transaction_id, event, data) SELECT account_id, id, 'sms.cancelled', ${p("event")}::jsonb FROM updated RETURNING 1`,
  );
  return (await sql().query(statement)).rowCount! > 0;
}
