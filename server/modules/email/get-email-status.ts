import { db } from "../../db/client";
import { explainFailure } from "../insights/failure-catalogue";
import { redactInternal } from "../../lib/redact-internal";
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import { toAmountNumber } from "../../lib/money";
import { oneOf } from "../../lib/one-of";

/** What tracking records: an image loaded, a link followed. */
export const ENGAGEMENT_KINDS = ["open", "click"] as const;

/** GET /api/v1/email/status: the message, its recipients and its event history; others' ids are NOT_FOUND. */
export async function getEmailStatus(input: { transaction_id: string }, caller: ApiCaller) {
  const email = await db().emailMessage.findFirst({
    where: { transactionId: input.transaction_id, accountId: caller.accountId, mode: caller.mode },
  });
  if (!email) throw new AppError("NOT_FOUND", { message: `No email transaction ${input.transaction_id}` });
  const [events, engagements] = await Promise.all([
    db().event.findMany({ where: { transactionId: email.transactionId }, orderBy: { id: "asc" } }),
    db().emailEngagement.findMany({ where: { emailId: email.id }, orderBy: { id: "asc" }, take: 200 }),
  ]);
  return {
    transaction_id: email.transactionId,
    email_id: email.id,
    batch_id: email.batchId,
    status: email.status,
    from: email.sender,
    to: email.toAddresses,
    cc: email.ccAddresses,
    bcc: email.bccAddresses,
    reply_to: email.replyTo,
    subject: email.subject,
    recipients: email.recipients,
    // A JSON column written only from the input's `tags` ({name, value} pairs, [] when absent).
    tags: email.tags as { name: string; value: string }[],
    price: { amount: toAmountNumber(email.priceMicros), currency: email.currency },
    error: email.errorCode
      ? {
          code: email.errorCode,
          message: redactInternal(email.errorMessage),
          explanation: explainFailure(email.errorCode),
        }
      : null,
    scheduled_at: email.scheduledAt?.toISOString() ?? null,
    // Whether the relay took the DSN request: without it email.delivered (and often delivery_delayed) cannot come.
    delivery_reports:
      email.deliveryReports === null ? null : email.deliveryReports ? ("requested" as const) : ("unsupported" as const),
    engagements: engagements.map((e) => ({
      type: oneOf(e.kind, ENGAGEMENT_KINDS),
      ...(e.url ? { url: e.url } : {}),
      at: e.occurredAt.toISOString(),
    })),
    events: events.map((e) => ({ event: e.event, timestamp: e.createdAt.toISOString(), data: e.data })),
    created_at: email.createdAt.toISOString(),
    updated_at: email.updatedAt.toISOString(),
  };
}
