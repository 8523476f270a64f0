// POST /api/v1/email/batch, the sending: one reservation for the batch, every
// message handed to the pooled transport at once (the pool bounds the
// connections, so 100 items do not cost 100 sequential round trips), then one
// settlement. Messages the relay refused are refunded; if none got through,
// the request fails as a whole and everything is refunded.
import { AppError } from "../../errors/app-error";
import { redactInternal } from "../../lib/redact-internal";
import { newId } from "../../lib/ids";
import { newTransactionId } from "../../lib/transaction-ids";
import { toAmountNumber } from "../../lib/money";
import type { EmailMessage } from "../../db/generated/client";
import type { ApiCaller } from "../keys/resolve-api-key";
import { insufficientBalance } from "../billing/insufficient-balance";
import { formatMailbox } from "./addresses";
import { formatList } from "./prepare-email";
import type { BatchPlan } from "./prepare-batch";
import { insertPendingBatch, settleBatch } from "./batch-store";
import { recordSuppressed } from "./email-store";
import { EMAIL_CURRENCY } from "./pricing";
import { dkimFor, type Dkim } from "./message-identity";
import { handToRelay } from "./hand-to-relay";
import { writeOrRetryLater } from "../../db/write-or-retry";
import { commitOrRefund, type HandOff } from "../billing/hand-off";

export async function sendBatch({ plan, caller, handOff }: { plan: BatchPlan; caller: ApiCaller; handOff?: HandOff }) {
  const now = new Date();
  const batchId = newTransactionId("batch");
  const emails: EmailMessage[] = plan.items.map((item) => ({
    id: newId("eml"),
    transactionId: newTransactionId("email"),
    batchId,
    broadcastId: null,
    via: null,
    accountId: caller.accountId,
    apiKeyId: caller.keyId,
    mode: caller.mode,
    sender: formatMailbox(item.from),
    toAddresses: formatList(item.to),
    ccAddresses: [],
    bccAddresses: [],
    replyTo: item.replyTo ? formatMailbox(item.replyTo) : null,
    subject: item.input.subject,
    tags: item.input.tags ?? [],
    recipients: item.to.length,
    status: "pending",
    priceMicros: item.priceMicros,
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
  }));
  const batch = {
    batchId,
    accountId: caller.accountId,
    apiKeyId: caller.keyId,
    mode: caller.mode,
    priceMicros: plan.priceMicros,
    reason: `Email batch of ${emails.length}`,
  };
  if (!(await insertPendingBatch(batch, emails))) throw await insufficientBalance(caller.accountId, plan.priceMicros);
  await commitOrRefund(handOff, () => {
    const now = new Date();
    for (const email of emails)
      Object.assign(email, {
        status: "failed",
        errorCode: "not_sent",
        errorMessage: "Not sent: the request ran out of time",
        updatedAt: now,
      });
    return settleBatch(batch, emails);
  });

  // Unseal each sending domain's key once per batch, not once per message.
  const keys = new Map<string, Dkim | null>();
  const dkimOf = (domain: BatchPlan["items"][number]["domain"]) =>
    keys.get(domain.id) ?? keys.set(domain.id, dkimFor(domain)).get(domain.id)!;
  await Promise.all(
    plan.items.map(async (item, i) => {
      const email = emails[i]!;
      if (item.to.length === 0)
        return Object.assign(email, {
          status: "failed",
          errorCode: "suppressed",
          errorMessage: `Suppressed: ${item.suppressed.join(", ")}`,
          updatedAt: new Date(),
        });
      await handToRelay({
        email,
        content: { html: item.input.html, text: item.input.text, attachments: [], headers: {} },
        domain: item.domain,
        transport: plan.transport,
        dkim: dkimOf(item.domain),
      });
    }),
  );
  // Past the relay, the answer says what is true even when the database is briefly away: the settle is retried.
  await writeOrRetryLater(`settle ${batchId}`, () => settleBatch(batch, emails), handOff?.remainingMs?.());

  for (const [i, item] of plan.items.entries())
    if (item.suppressed.length) await recordSuppressed(emails[i]!, item.suppressed);

  const attempted = emails.filter((e) => e.errorCode !== "suppressed");
  const failed = attempted.filter((e) => e.status === "failed");
  if (attempted.length > 0 && failed.length === attempted.length) {
    const allRejected = failed.every((e) => e.errorCode === "relay_rejected");
    throw new AppError("EMAIL_SEND_FAILED", {
      status: allRejected ? 400 : 503,
      message: `No message of the batch was accepted: ${redactInternal(failed[0]!.errorMessage)}`,
      context: { batch_id: batchId, provider_message: redactInternal(failed[0]!.errorMessage) },
    });
  }
  const charged = emails.filter((e) => e.status === "sent").reduce((sum, e) => sum + e.priceMicros, 0n);
  return {
    batch_id: batchId,
    status: "sent",
    total_emails: emails.length,
    total_recipients: emails.reduce((sum, e) => sum + e.recipients, 0),
    from: emails[0]!.sender,
    price: { amount: toAmountNumber(charged), currency: EMAIL_CURRENCY },
    results: emails.map((e, i) => ({
      index: i,
      email_id: e.id,
      transaction_id: e.transactionId,
      to: plan.items[i]!.input.to,
      subject: e.subject,
      status: e.errorCode === "suppressed" ? "suppressed" : e.status,
      ...(plan.items[i]!.suppressed.length ? { suppressed: plan.items[i]!.suppressed } : {}),
      ...(e.status === "failed" && e.errorCode !== "suppressed"
        ? { error: { code: e.errorCode, message: redactInternal(e.errorMessage) } }
        : {}),
    })),
    created_at: now.toISOString(),
  };
}
