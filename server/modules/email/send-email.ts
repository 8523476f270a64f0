// POST /api/v1/email/send, the sending: reserve and record (one statement),
// hand the message to the transport outside any transaction, settle.
import { AppError } from "../../errors/app-error";
import { redactInternal } from "../../lib/redact-internal";
import { newId } from "../../lib/ids";
import { newTransactionId } from "../../lib/transaction-ids";
import { toAmountNumber } from "../../lib/money";
import type { EmailMessage } from "../../db/generated/client";
import { db } from "../../db/client";
import type { ApiCaller } from "../keys/resolve-api-key";
import { insufficientBalance } from "../billing/insufficient-balance";
import { readRateLimit, type RateLimitResult } from "../limits/consume-rate-limit";
import { formatList, type EmailPlan } from "./prepare-email";
import { formatMailbox } from "./addresses";
import { insertPendingEmail, recordSuppressed, settleEmail } from "./email-store";
import { EMAIL_CURRENCY, emailChargeReason } from "./pricing";
import { handToRelay } from "./hand-to-relay";
import { scheduleEmail } from "./schedule-email";
import { applySandboxOutcome } from "./apply-sandbox-outcome";
import type { SendEmailInput } from "./schemas";
import { writeOrRetryLater } from "../../db/write-or-retry";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import { commitOrRefund, type HandOff } from "../billing/hand-off";

/**
 * What a product built on email decides for its message: its transaction id, made beforehand so a record can point
 * at it first (Verify, broadcasts), and the broadcast sending it (on the row and in its events' data).
 */
/** `via`: "smtp" when the SMTP submission service made it (docs/decisions.md, "SMTP relay"), shown on the Messages page. */
export type EmailSendOptions = { transactionId?: string; broadcastId?: string; via?: "smtp" };

export async function sendEmail({
  input,
  plan,
  caller,
  limit,
  idem,
  handOff,
  options = {},
}: {
  input: SendEmailInput;
  plan: EmailPlan;
  caller: ApiCaller;
  limit?: RateLimitResult;
  idem?: IdempotencyScope;
  handOff?: HandOff;
  options?: EmailSendOptions;
}) {
  const transactionId = options.transactionId ?? newTransactionId("email");
  const broadcastId = options.broadcastId ?? null;
  const now = new Date();
  const email: EmailMessage = {
    id: newId("eml"),
    transactionId,
    batchId: null,
    broadcastId,
    via: options.via ?? null,
    accountId: caller.accountId,
    apiKeyId: caller.keyId,
    mode: caller.mode,
    sender: formatMailbox(plan.from),
    toAddresses: formatList(plan.to),
    ccAddresses: formatList(plan.cc),
    bccAddresses: formatList(plan.bcc),
    replyTo: plan.replyTo ? formatMailbox(plan.replyTo) : null,
    subject: input.subject,
    tags: input.tags ?? [],
    recipients: plan.to.length + plan.cc.length + plan.bcc.length,
    status: "pending",
    priceMicros: plan.priceMicros,
    currency: EMAIL_CURRENCY,
    smtpMessageId: null,
    errorCode: null,
    errorMessage: null,
    scheduledAt: null,
    deliveryReports: null,
    deliveredAt: null,
    openedAt: null,
    clickedAt: null,
    complainedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  const reason = emailChargeReason(email.recipients);
  if (email.recipients === 0) return recordFullySuppressed(email, plan, caller, limit);
  if (plan.sendAt) {
    await scheduleEmail({ email, input, plan: { ...plan, sendAt: plan.sendAt }, idem });
    return emailSendResult({ email, caller, limit });
  }
  // The recovery point: from here the row says the message may be with the relay (settle-stuck-sends.ts).
  if (!(await insertPendingEmail({ email, reason, idem })))
    throw await insufficientBalance(caller.accountId, plan.priceMicros);
  // Past the relay, the answer says what is true even when the database is briefly away: the settle is retried.
  const settle = (what: string, write: () => Promise<unknown>) =>
    writeOrRetryLater(`${what} ${email.transactionId}`, write, handOff?.remainingMs?.());
  await commitOrRefund(handOff, () => {
    Object.assign(email, {
      status: "failed",
      errorCode: "not_sent",
      errorMessage: "Not sent: the request ran out of time",
    });
    return settleEmail(email, `Refund: ${reason}`);
  });

  await handToRelay({
    email,
    content: { ...input, attachments: plan.attachments, headers: plan.headers },
    domain: plan.domain,
    transport: plan.transport,
    dkim: plan.dkim,
  });
  if (email.status === "failed") {
    await settle("refund", () => settleEmail(email, `Refund: ${reason}`));
    throw emailSendFailure(email);
  }
  await settle("capture", () => settleEmail(email, reason));
  if (plan.suppressed.length) await recordSuppressed(email, plan.suppressed);
  if (email.mode === "test") await applySandboxOutcome(email);
  // A live send was just counted and the pipeline hands over those counters; a test send reads them.
  return emailSendResult({ email, caller, limit });
}

/** SPEC 2.1; `limit`: the counters the pipeline just counted this send in (a test send, or a recovery, reads them). */
export async function emailSendResult({
  email,
  caller,
  limit,
}: {
  email: EmailMessage;
  caller: ApiCaller;
  limit?: RateLimitResult;
}) {
  const counters =
    limit ?? (await readRateLimit({ accountId: caller.accountId, planId: caller.planId, service: "email" }));
  const day = counters.windows.find((w) => w.window === "day")!;
  return {
    transaction_id: email.transactionId,
    email_id: email.id,
    status: answerStatus(email.status),
    to: email.toAddresses,
    from: email.sender,
    subject: email.subject,
    recipients: email.recipients,
    price: { amount: toAmountNumber(email.priceMicros), currency: email.currency },
    remaining: day.remaining,
    quota: { used: day.used, remaining: day.remaining },
    ...(email.scheduledAt ? { scheduled_at: email.scheduledAt.toISOString() } : {}),
    created_at: email.createdAt.toISOString(),
  };
}

// SPEC 2.1 answers `sent`; a message whose hand-over went unanswered says `unknown`, a scheduled one `scheduled`
// (and, replayed after a cancel, `cancelled`).
function answerStatus(status: EmailMessage["status"]) {
  if (status === "unknown" || status === "scheduled" || status === "cancelled") return status;
  return "sent" as const;
}

/** EMAIL_SEND_FAILED for a failed message: 400 when the relay refused it, 503 when it could not be reached. */
export function emailSendFailure(email: Pick<EmailMessage, "transactionId" | "errorCode" | "errorMessage">) {
  const rejected = email.errorCode === "relay_rejected";
  const detail = redactInternal(email.errorMessage ?? "Mail relay error");
  return new AppError("EMAIL_SEND_FAILED", {
    status: rejected ? 400 : 503,
    message: rejected
      ? `The mail service rejected this message: ${detail}`
      : `The mail service is unreachable or failing: ${detail}; retry with the same idempotency_key`,
    context: { transaction_id: email.transactionId, provider_message: detail },
  });
}

/**
 * Every recipient is on the suppression list: nothing is attempted or charged.
 * The message is recorded (failed, "suppressed") with its email.suppressed
 * event, and the answer says so with status "suppressed".
 */
async function recordFullySuppressed(email: EmailMessage, plan: EmailPlan, caller: ApiCaller, limit?: RateLimitResult) {
  await insertPendingEmail({ email, reason: "suppressed" });
  Object.assign(email, {
    status: "failed",
    errorCode: "suppressed",
    errorMessage: `Suppressed: ${plan.suppressed.join(", ")}`,
  });
  await db().emailMessage.update({
    where: { id: email.id },
    data: { status: "failed", errorCode: email.errorCode, errorMessage: email.errorMessage },
  });
  await recordSuppressed(email, plan.suppressed);
  // The same shape as any send (SPEC 2.1: remaining and quota included), saying what was left out.
  return {
    ...(await emailSendResult({ email, caller, limit })),
    status: "suppressed" as const,
    suppressed: plan.suppressed,
    price: { amount: 0, currency: email.currency },
  };
}
