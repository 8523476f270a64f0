// An email message's writes, one statement each, like an SMS's: created
// pending (with its reservation, live, bound to its idempotency key), then
// settled once: sent or unknown (capture) or failed (refund), each with its
// outbox event (SPEC 6.2 send events).
import { redactInternal } from "../../lib/redact-internal";
import { explainFailure } from "../insights/failure-catalogue";
import { sql } from "../../db/client";
import { namedSql } from "../../db/named-sql";
import { captureCte, refundCte, reserveCte, type ChargeParams } from "../billing/charge-sql";
import type { EmailMessage } from "../../db/generated/client";
import { toAmountNumber } from "../../lib/money";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import { assertKeyHeld, bindKeyCte, heldKey, keyBindingValues } from "../idempotency/bind-key-sql";

const COLUMNS = `id, transaction_id, batch_id, broadcast_id, via, account_id, api_key_id, mode, sender, to_addresses, cc_addresses, bcc_addresses, reply_to, subject, tags, recipients, status, price_micros, currency, scheduled_at, created_at, updated_at`;

export function emailEventData(email: EmailMessage) {
  return {
    transaction_id: email.transactionId,
    type: "email",
    status: email.status === "pending" ? "sent" : email.status,
    ...(email.scheduledAt ? { scheduled_at: email.scheduledAt.toISOString() } : {}),
    to: email.toAddresses,
    subject: email.subject,
    email_id: email.id,
    ...(email.broadcastId ? { broadcast_id: email.broadcastId } : {}),
    ...(email.via ? { via: email.via } : {}),
    from: email.sender,
    cost: toAmountNumber(email.priceMicros),
    error: email.errorMessage
      ? {
          code: email.errorCode,
          message: redactInternal(email.errorMessage),
          explanation: explainFailure(email.errorCode),
        }
      : null,
    timestamp: email.updatedAt.toISOString(),
  };
}

function values(email: EmailMessage, reason: string) {
  return { ...email, tags: JSON.stringify(email.tags), reason, event: JSON.stringify(emailEventData(email)) };
}
// The money belongs to the transaction (what the customer sees), not to the message id.
function charge(p: (name: string) => string): ChargeParams {
  return {
    account: `${p("accountId")}::text`,
    amount: `${p("priceMicros")}::bigint`,
    transaction: `${p("transactionId")}::text`,
    reason: `${p("reason")}::text`,
    actor: `${p("apiKeyId")}::text`,
  };
}

/** A scheduled message's content as it waits in scheduled_email_contents (attachments in base64). */
export type StoredEmailContent = {
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  attachments: { filename: string; content: string }[];
};

/**
 * The message row (pending, or scheduled with its `content` kept for the
 * worker and its email.scheduled event), its reservation when live, and its
 * idempotency binding, in one statement; false when the balance is too low.
 */
export async function insertPendingEmail({
  email,
  reason,
  idem,
  content,
}: {
  email: EmailMessage;
  reason: string;
  idem?: IdempotencyScope;
  content?: StoredEmailContent;
}): Promise<boolean> {
  // Nothing to charge (every recipient suppressed): no reservation, no ledger entry.
  const charging = email.mode === "live" && email.priceMicros > 0n;
  const kept = content && {
    html: content.html,
    text: content.text,
    headers: JSON.stringify(content.headers),
    attachments: JSON.stringify(content.attachments),
  };
  const statement = namedSql({ ...values(email, reason), ...keyBindingValues(idem), ...kept }, (p) => {
    const row = `${p("id")}::text, ${p("transactionId")}::text, ${p("batchId")}::text, ${p("broadcastId")}::text, ${p("via")}::text, ${p("accountId")}::text, ${p("apiKeyId")}::text, ${p("mode")}::key_mode, ${p("sender")}::text,
      ${p("toAddresses")}::text[], ${p("ccAddresses")}::text[], ${p("bccAddresses")}::text[], ${p("replyTo")}::text, ${p("subject")}::text, ${p("tags")}::jsonb,
      ${p("recipients")}::int, ${p("status")}::email_status, ${p("priceMicros")}::bigint, ${p("currency")}::char(3), ${p("scheduledAt")}::timestamptz, ${p("createdAt")}::timestamptz, ${p("createdAt")}::timestamptz`;
    const bound = bindKeyCte({
      placeholder: p,
      scope: idem,
      transaction: `${p("transactionId")}::text`,
      created: "created",
    });
    // The event's livemode is written here: the events trigger cannot see a message row created by the same statement.
    const scheduled = kept
      ? `, kept AS (INSERT INTO scheduled_email_contents (email_id, account_id, send_at, html, text, headers, attachments)
            SELECT id, ${p("accountId")}::text, ${p("scheduledAt")}::timestamptz, ${p("html")}::text, ${p("text")}::text, ${p("headers")}::jsonb, ${p("attachments")}::jsonb FROM created)
         , raised AS (INSERT INTO events (account_id, transaction_id, event, data, livemode)
            SELECT ${p("accountId")}::text, ${p("transactionId")}::text, 'email.scheduled', ${p("event")}::jsonb, ${p("mode")}::key_mode = 'live' FROM created)`
      : "";
    const key = heldKey(p, idem);
    return charging
      ? `WITH ${key.with}${reserveCte({ ...charge(p), gate: key.gate })}, created AS (INSERT INTO email_messages (${COLUMNS}) SELECT ${row} FROM debit RETURNING id)${scheduled}${bound} SELECT EXISTS (SELECT 1 FROM debit) AS written, ${key.column}`
      : `WITH ${key.with}created AS (INSERT INTO email_messages (${COLUMNS}) SELECT ${row}${key.from} RETURNING id)${scheduled}${bound} SELECT true AS written, ${key.column}`;
  });
  const { rows } = await sql().query(statement);
  assertKeyHeld(rows[0], idem);
  return rows[0]?.written === true;
}

/**
 * pending -> sent (capture), unknown (capture: handed over, answer lost) or
 * failed (refund), with its event; guarded by status = 'pending', so only the
 * first settle (the request's, or the recovery job's) moves anything.
 * Returns whether it moved.
 */
export async function settleEmail(email: EmailMessage, reason: string): Promise<boolean> {
  const refund = email.status === "failed";
  const charging = email.mode === "live" && email.priceMicros > 0n;
  const statement = namedSql(values(email, reason), (p) => {
    const gated: ChargeParams = {
      ...charge(p),
      account: "g.account_id",
      amount: "g.price_micros",
      transaction: "g.transaction_id",
      gate: { cte: "updated" },
    };
    return `
    WITH updated AS (UPDATE email_messages SET status = ${p("status")}::email_status, smtp_message_id = ${p("smtpMessageId")}, delivery_reports = ${p("deliveryReports")}::boolean, error_code = ${p("errorCode")},
                error_message = ${p("errorMessage")}, updated_at = ${p("updatedAt")}
                WHERE id = ${p("id")} AND status = 'pending' RETURNING transaction_id, account_id, price_micros)
    ${charging ? `, ${refund ? refundCte(gated) : captureCte(gated)}` : ""}
    INSERT INTO events (account_id, transaction_id, event, data)
    SELECT account_id, transaction_id, ${refund ? "'email.failed'" : "'email.sent'"}, ${p("event")}::jsonb FROM updated RETURNING 1`;
  });
  return (await sql().query(statement)).rowCount! > 0;
}

/** The email.suppressed event: these recipients were left out because they are on the suppression list. */
export async function recordSuppressed(email: EmailMessage, suppressed: string[]): Promise<void> {
  const data = { ...emailEventData(email), status: "failed", suppressed };
  await sql().query(
    `INSERT INTO events (account_id, transaction_id, event, data) VALUES ($1, $2, 'email.suppressed', $3::jsonb) ON CONFLICT (transaction_id, event) DO NOTHING`,
    [email.accountId, email.transactionId, JSON.stringify(data)],
  );
}
