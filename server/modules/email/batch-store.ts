// A batch's writes: one statement reserves the whole batch's price and
// records every message; one statement settles them all (statuses, capture,
// one refund for what failed, an event per message). The money belongs to
// the batch_id; each message keeps its own transaction_id for its events.
import { sql } from "../../db/client";
import { namedSql } from "../../db/named-sql";
import { captureCte, refundCte, reserveCte, type ChargeParams } from "../billing/charge-sql";
import type { EmailMessage } from "../../db/generated/client";
import { emailEventData } from "./email-store";

const ROW = `id text, transaction_id text, batch_id text, account_id text, api_key_id text, mode key_mode, sender text, to_addresses text[], cc_addresses text[],
  bcc_addresses text[], reply_to text, subject text, tags jsonb, recipients int, status email_status, price_micros bigint, currency char(3), created_at timestamptz, updated_at timestamptz`;

function rowJson(e: EmailMessage) {
  return {
    id: e.id,
    transaction_id: e.transactionId,
    batch_id: e.batchId,
    account_id: e.accountId,
    api_key_id: e.apiKeyId,
    mode: e.mode,
    sender: e.sender,
    to_addresses: e.toAddresses,
    cc_addresses: e.ccAddresses,
    bcc_addresses: e.bccAddresses,
    reply_to: e.replyTo,
    subject: e.subject,
    tags: e.tags,
    recipients: e.recipients,
    status: "pending",
    price_micros: e.priceMicros.toString(),
    currency: e.currency,
    created_at: e.createdAt,
    updated_at: e.createdAt,
  };
}

type Batch = {
  batchId: string;
  accountId: string;
  apiKeyId: string;
  mode: "test" | "live";
  priceMicros: bigint;
  reason: string;
};
const charge = (p: (n: string) => string, amount = "priceMicros"): ChargeParams => ({
  account: `${p("accountId")}::text`,
  amount: `${p(amount)}::bigint`,
  transaction: `${p("batchId")}::text`,
  reason: `${p("reason")}::text`,
  actor: `${p("apiKeyId")}::text`,
});

export async function insertPendingBatch(batch: Batch, emails: EmailMessage[]): Promise<boolean> {
  const statement = namedSql({ ...batch, rows: JSON.stringify(emails.map(rowJson)) }, (p) => {
    const insert = `INSERT INTO email_messages SELECT * FROM jsonb_to_recordset(${p("rows")}::jsonb) AS r(${ROW})`;
    // Nothing to charge (every recipient suppressed): no reservation, no ledger entry.
    return batch.mode === "live" && batch.priceMicros > 0n
      ? `WITH ${reserveCte(charge(p))}, created AS (${insert} WHERE EXISTS (SELECT 1 FROM debit) RETURNING id) SELECT EXISTS (SELECT 1 FROM debit) AS written`
      : `WITH created AS (${insert} RETURNING id) SELECT true AS written`;
  });
  const { rows } = await sql().query(statement);
  return rows[0]?.written === true;
}

export async function settleBatch(batch: Batch, emails: EmailMessage[]): Promise<void> {
  const refund = emails.filter((e) => e.status === "failed").reduce((sum, e) => sum + e.priceMicros, 0n);
  const anySent = emails.some((e) => e.status === "sent");
  const outcomes = emails.map((e) => ({
    id: e.id,
    status: e.status,
    smtp_message_id: e.smtpMessageId,
    delivery_reports: e.deliveryReports,
    error_code: e.errorCode,
    error_message: e.errorMessage,
    updated_at: e.updatedAt,
  }));
  // A message whose every recipient is suppressed gets its email.suppressed event instead (recordSuppressed).
  const events = emails
    .filter((e) => e.errorCode !== "suppressed")
    .map((e) => ({
      transaction_id: e.transactionId,
      event: e.status === "sent" ? "email.sent" : "email.failed",
      data: emailEventData(e),
    }));
  const statement = namedSql(
    { ...batch, refund: refund.toString(), outcomes: JSON.stringify(outcomes), events: JSON.stringify(events) },
    (p) => {
      // Money moves only if this settle moved the messages (the recovery job may have settled them first).
      const gate = { cte: "moved" };
      const money =
        batch.mode === "live"
          ? [
              anySent ? captureCte({ ...charge(p), gate }) : null,
              refund > 0n ? refundCte({ ...charge(p, "refund"), gate }) : null,
            ].filter(Boolean)
          : [];
      return `WITH updated AS (UPDATE email_messages m SET status = o.status, smtp_message_id = o.smtp_message_id, delivery_reports = o.delivery_reports, error_code = o.error_code, error_message = o.error_message, updated_at = o.updated_at
                  FROM jsonb_to_recordset(${p("outcomes")}::jsonb) AS o(id text, status email_status, smtp_message_id text, delivery_reports boolean, error_code text, error_message text, updated_at timestamptz)
                  WHERE m.id = o.id AND m.status = 'pending' RETURNING m.id, m.transaction_id),
      moved AS (SELECT 1 AS one FROM updated LIMIT 1)
      ${money.map((m) => `, ${m}`).join("")}
      INSERT INTO events (account_id, transaction_id, event, data)
      SELECT ${p("accountId")}::text, e.transaction_id, e.event, e.data FROM jsonb_to_recordset(${p("events")}::jsonb) AS e(transaction_id text, event text, data jsonb)
      WHERE e.transaction_id IN (SELECT transaction_id FROM updated)`;
    },
  );
  await sql().query(statement);
}
