// An SMS transaction's three writes, one statement each: created pending
// (with its reservation, live), then sent (with its capture, the carrier
// attempts and the carrier's id of every part) or failed (with its refund and
// the attempts), each together with its outbox event.
import { sql } from "../../db/client";
import { namedSql } from "../../db/named-sql";
import { captureCte, refundCte, reserveCte, type ChargeParams } from "../billing/charge-sql";
import type { SmsMessage } from "../../db/generated/client";
import { smsEventData } from "./sms-view";

const COLUMNS = `id, account_id, api_key_id, mode, to_number, sender, body, reference, encoding, characters, segments, country_iso, route, region, provider, status, price_micros, currency, category, created_at, updated_at`;

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

/** Returns false when a live send's balance is short: then nothing at all was written. */
export async function insertPendingSms(sms: SmsMessage, reason: string): Promise<boolean> {
  const live = sms.mode === "live";
  const statement = namedSql(values(sms, reason), (p) => {
    // Typed placeholders: in a SELECT list PostgreSQL cannot infer them from the target columns.
    const row = `${p("id")}::text, ${p("accountId")}::text, ${p("apiKeyId")}::text, ${p("mode")}::key_mode, ${p("toNumber")}::text, ${p("sender")}::text,
      ${p("body")}::text, ${p("reference")}::text, ${p("encoding")}::text, ${p("characters")}::int, ${p("segments")}::int, ${p("countryIso")}::char(2),
      ${p("route")}::sms_route, ${p("region")}::text, ${p("provider")}::text, 'pending'::sms_status, ${p("priceMicros")}::bigint, ${p("currency")}::char(3),
      ${p("category")}::text, ${p("createdAt")}::timestamptz, ${p("createdAt")}::timestamptz`;
    return live
      ? `WITH ${reserveCte(charge(p))},
         created AS (INSERT INTO sms_messages (${COLUMNS}) SELECT ${row} FROM debit RETURNING id)
         SELECT EXISTS (SELECT 1 FROM debit) AS written`
      : `INSERT INTO sms_messages (${COLUMNS}) VALUES (${row}) RETURNING true AS written`;
  });
  const { rows } = await sql().query(statement);
  return rows[0]?.written === true;
}

/**
 * partIds: the carrier's id of each part of a long message, for matching its
 * receipts; a one-part message is matched by its provider_message_id, and the
 * sandbox simulates its receipts.
 */
export async function markSmsSent(sms: SmsMessage, reason: string, partIds: string[]): Promise<void> {
  const statement = namedSql(
    { ...values(sms, reason), partIds },
    (p) => `
    WITH ${sms.mode === "live" ? `${captureCte(charge(p))},` : ""}
    updated AS (UPDATE sms_messages SET status = 'sent', provider = ${p("provider")}, provider_message_id = ${p("providerMessageId")},
                receipt_due_at = ${p("receiptDueAt")}, carrier_attempts = ${p("attempts")}::jsonb, updated_at = ${p("updatedAt")} WHERE id = ${p("id")} RETURNING id),
    parts AS (INSERT INTO sms_parts (provider, carrier_message_id, sms_id, part)
              SELECT ${p("provider")}::text, part_id, ${p("id")}::text, ordinality FROM unnest(${p("partIds")}::text[]) WITH ORDINALITY AS u(part_id, ordinality))
    INSERT INTO events (account_id, transaction_id, event, data) SELECT ${p("accountId")}::text, id, 'sms.sent', ${p("event")}::jsonb FROM updated`,
  );
  await sql().query(statement);
}

export async function markSmsFailed(sms: SmsMessage, reason: string): Promise<void> {
  const statement = namedSql(
    values(sms, reason),
    (p) => `
    WITH ${sms.mode === "live" ? `${refundCte(charge(p))},` : ""}
    updated AS (UPDATE sms_messages SET status = 'failed', error_code = ${p("errorCode")}, error_message = ${p("errorMessage")},
                failure_reason = ${p("failureReason")}::text, provider = ${p("provider")}::text, carrier_attempts = ${p("attempts")}::jsonb,
                updated_at = ${p("updatedAt")} WHERE id = ${p("id")} RETURNING id)
    INSERT INTO events (account_id, transaction_id, event, data) SELECT ${p("accountId")}::text, id, 'sms.failed', ${p("event")}::jsonb FROM updated`,
  );
  await sql().query(statement);
}
