// The Messages page's detail panel: what was sent (or received), to whom, at
// what price (a test send shows what it would have cost, marked as test), why
// it failed, and its events in order; for an SMS the carriers tried, for an
// email its delivery reports and every open and click.
import { db } from "../../db/client";
import { explainFailure, type Explanation } from "../insights/failure-catalogue";
import { redactInternal } from "../../lib/redact-internal";
import { toAmountNumber } from "../../lib/money";

export type MessageSummary = {
  kind: "sms" | "email";
  direction: "outbound" | "inbound";
  to: string;
  from: string;
  /** The SMS text, or the email's subject. */
  content: string;
  status: string;
  mode: "live" | "test";
  price: number;
  currency: string;
  error: { code: string | null; message: string; explanation: Explanation } | null;
  createdAt: Date;
};

export async function getMessageDetail(input: { accountId: string; transactionId: string }) {
  const where = { accountId: input.accountId };
  const [events, sms, email, inbound] = await Promise.all([
    db().event.findMany({ where: { ...where, transactionId: input.transactionId }, orderBy: { id: "asc" } }),
    db().smsMessage.findFirst({ where: { ...where, id: input.transactionId } }),
    db().emailMessage.findFirst({
      where: { ...where, transactionId: input.transactionId },
      include: {
        engagements: { orderBy: { id: "asc" }, take: 200, select: { kind: true, url: true, occurredAt: true } },
      },
    }),
    db().inboundSms.findFirst({ where: { ...where, id: input.transactionId } }),
  ]);
  const failure = (code: string | null, message: string | null) =>
    message ? { code, message: redactInternal(message) ?? message, explanation: explainFailure(code) } : null;
  let summary: MessageSummary | null = null;
  if (sms)
    summary = {
      kind: "sms",
      direction: "outbound",
      to: sms.toNumber,
      from: sms.sender,
      content: sms.body,
      status: sms.status,
      mode: sms.mode,
      price: toAmountNumber(sms.priceMicros),
      currency: sms.currency,
      error: failure(sms.failureReason ?? sms.errorCode, sms.errorMessage),
      createdAt: sms.createdAt,
    };
  else if (email)
    summary = {
      kind: "email",
      direction: "outbound",
      to: [...email.toAddresses, ...email.ccAddresses].join(", "),
      from: email.sender,
      content: email.subject,
      status: email.status,
      mode: email.mode,
      price: toAmountNumber(email.priceMicros),
      currency: email.currency,
      error: failure(email.errorCode, email.errorMessage),
      createdAt: email.createdAt,
    };
  else if (inbound)
    summary = {
      kind: "sms",
      direction: "inbound",
      to: inbound.toAddress,
      from: inbound.fromNumber,
      content: inbound.body,
      status: "received",
      mode: "live",
      price: 0,
      currency: "USD",
      error: null,
      createdAt: inbound.receivedAt,
    };
  return {
    summary,
    events: events.map((e) => ({ event: e.event, createdAt: e.createdAt, data: e.data })),
    sms: sms && {
      route: sms.route,
      segments: sms.segments,
      status: sms.status,
      failureReason: sms.failureReason,
      attempts: sms.carrierAttempts as { carrier: string; outcome: string; detail: string | null; at: string }[],
    },
    email: email && {
      deliveryReports: email.deliveryReports,
      scheduledAt: email.scheduledAt,
      engagements: email.engagements,
    },
  };
}
