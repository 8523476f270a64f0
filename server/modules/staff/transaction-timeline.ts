import { db } from "../../db/client";
import { ledgerEntriesOfTransaction } from "../billing/ledger-entries";
import { AppError } from "../../errors/app-error";
import { toAmountNumber } from "../../lib/money";

export type TimelineItem = {
  at: Date;
  source: "request" | "ledger" | "carrier" | "receipt" | "provider" | "event" | "webhook";
  title: string;
  detail?: string | null;
  tone?: "good" | "bad" | "neutral";
};

/**
 * Everything Kasa knows about one transaction, in time order: the API
 * requests that created or replayed it (request bodies are not stored: the
 * message itself is shown instead, and keys appear by prefix only), ledger
 * entries, each carrier or provider attempt, per-part receipts, events, and
 * every webhook delivery with its last answer and latency.
 */
export async function transactionTimeline(id: string) {
  const [requests, ledger, events, deliveries] = await Promise.all([
    db().requestLog.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } }),
    ledgerEntriesOfTransaction(id),
    db().event.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } }),
    db().webhookDelivery.findMany({
      where: { transactionId: id },
      include: { endpoint: { select: { url: true } }, attemptLog: { orderBy: { id: "asc" } } },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  const subject = await describe(id);
  if (!subject) throw new AppError("NOT_FOUND", { message: `No transaction ${id}` });
  const items: TimelineItem[] = [
    ...requests.map((r) => ({
      at: r.createdAt,
      source: "request" as const,
      tone: r.status < 400 ? ("good" as const) : ("bad" as const),
      title: `${r.method} ${r.path} → ${r.status}${r.errorCode ? ` ${r.errorCode}` : ""}${r.idempotentReplay ? " (idempotent replay)" : ""}`,
      detail: `key ${r.keyPrefix ?? "—"} (${r.mode ?? "?"}), ${r.latencyMs} ms`,
    })),
    ...ledger.map((l) => ({
      at: l.createdAt,
      source: "ledger" as const,
      title: `${l.kind} ${toAmountNumber(l.amountMicros)} → balance ${toAmountNumber(l.balanceAfterMicros)}`,
      detail: `${l.reason} (by ${l.actor})`,
      tone: "neutral" as const,
    })),
    ...subject.steps,
    ...events.map((e) => ({
      at: e.createdAt,
      source: "event" as const,
      title: e.event,
      detail: JSON.stringify(e.data),
      tone: /failed|bounced|complained/.test(e.event) ? ("bad" as const) : ("good" as const),
    })),
    ...deliveries.map((d) => ({
      at: d.createdAt,
      source: "webhook" as const,
      tone:
        d.status === "succeeded" ? ("good" as const) : d.status === "failed" ? ("bad" as const) : ("neutral" as const),
      title: `${d.event} → ${d.endpoint.url}: ${d.status} after ${d.attempts} attempt${d.attempts === 1 ? "" : "s"}`,
      detail: d.nextAttemptAt && d.status === "pending" ? `next attempt ${d.nextAttemptAt.toISOString()}` : null,
    })),
    // Each try, with what the endpoint answered and how fast.
    ...deliveries.flatMap((d) =>
      d.attemptLog.map((a) => ({
        at: a.attemptedAt,
        source: "webhook" as const,
        tone: a.statusCode !== null && a.statusCode >= 200 && a.statusCode < 300 ? ("good" as const) : ("bad" as const),
        title: `${d.event} attempt ${a.attempt}: ${a.statusCode ?? "no answer"} in ${a.latencyMs} ms`,
        detail: a.error,
      })),
    ),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return {
    ...subject.header,
    timeline: items,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      event: d.event,
      status: d.status,
      attempts: d.attempts,
      lastStatusCode: d.lastStatusCode,
      lastLatencyMs: d.lastLatencyMs,
      url: d.endpoint.url,
    })),
    refundable: ledger.some((l) => l.kind === "capture") && !ledger.some((l) => l.kind === "refund"),
  };
}

type Header = {
  id: string;
  kind: string;
  accountId: string;
  status: string;
  summary: string;
  price: number | null;
  createdAt: Date;
};

async function describe(id: string): Promise<{ header: Header; steps: TimelineItem[] } | null> {
  const sms = await db().smsMessage.findUnique({ where: { id }, include: { parts: true } });
  if (sms) {
    const attempts = sms.carrierAttempts as { carrier: string; outcome: string; detail: string | null; at: string }[];
    return {
      header: {
        id,
        kind: "sms",
        accountId: sms.accountId,
        status: sms.status,
        summary: `SMS from ${sms.sender} to ${sms.toNumber}, ${sms.segments} segment(s) on ${sms.route}: "${sms.body.slice(0, 120)}"`,
        price: toAmountNumber(sms.priceMicros),
        createdAt: sms.createdAt,
      },
      steps: [
        ...attempts.map((a) => ({
          at: new Date(a.at),
          source: "carrier" as const,
          title: `carrier ${a.carrier}: ${a.outcome}`,
          detail: a.detail,
          tone: a.outcome === "accepted" ? ("good" as const) : ("bad" as const),
        })),
        ...sms.parts.map((p) => ({
          at: p.updatedAt,
          source: "receipt" as const,
          title: `part ${p.part} (${p.provider} ${p.carrierMessageId}): ${p.status}`,
          detail: p.errorCode,
          tone: p.status === "failed" ? ("bad" as const) : ("neutral" as const),
        })),
        // A one-part message has no part rows: its own final status is its receipt.
        ...(!sms.parts.length && sms.mode === "live" && (sms.status === "delivered" || sms.status === "failed")
          ? [
              {
                at: sms.deliveredAt ?? sms.updatedAt,
                source: "receipt" as const,
                title: `part 1 (${sms.provider} ${sms.providerMessageId}): ${sms.status}`,
                detail: sms.failureReason,
                tone: sms.status === "failed" ? ("bad" as const) : ("good" as const),
              },
            ]
          : []),
      ],
    };
  }
  const emails = await db().emailMessage.findMany({ where: { OR: [{ transactionId: id }, { batchId: id }, { id }] } });
  if (emails.length) {
    const first = emails[0]!;
    return {
      header: {
        id,
        kind: id.startsWith("batch_") ? "batch" : "email",
        accountId: first.accountId,
        status: first.status,
        summary:
          emails.length > 1
            ? `Batch of ${emails.length} emails`
            : `Email from ${first.sender} to ${first.toAddresses.join(", ")}: "${first.subject}"`,
        price: toAmountNumber(emails.reduce((n, e) => n + e.priceMicros, 0n)),
        createdAt: first.createdAt,
      },
      steps: emails
        .filter((e) => e.errorMessage)
        .map((e) => ({
          at: e.updatedAt,
          source: "provider" as const,
          title: `mail relay: ${e.errorCode}`,
          detail: e.errorMessage,
          tone: "bad" as const,
        })),
    };
  }
  const topup = await db().topup.findUnique({ where: { id } });
  if (topup) {
    return {
      header: {
        id,
        kind: topup.kind,
        accountId: topup.accountId,
        status: topup.status,
        summary: `${topup.kind === "data" ? `${Number(topup.capacityGb)} GB ${topup.network}` : `${Number(topup.amount)} ${topup.amountCurrency} airtime (${topup.operatorName})`} to ${topup.phoneNumber}`,
        price: toAmountNumber(topup.priceMicros),
        createdAt: topup.createdAt,
      },
      steps: [
        {
          at: topup.updatedAt,
          source: "provider" as const,
          title: `provider ${topup.provider}: ${topup.status}${topup.providerReference ? ` (ref ${topup.providerReference})` : ""}`,
          detail:
            [
              topup.providerMessage,
              topup.reconcileAttempts ? `${topup.reconcileAttempts} reconciliation look(s)` : null,
            ]
              .filter(Boolean)
              .join("; ") || null,
          tone: topup.status === "failed" ? ("bad" as const) : ("neutral" as const),
        },
      ],
    };
  }
  const payment = await db().payment.findUnique({ where: { id } });
  if (payment) {
    return {
      header: {
        id,
        kind: "payment",
        accountId: payment.accountId,
        status: payment.status,
        summary: `Balance top-up by ${payment.provider}`,
        price: toAmountNumber(payment.amountMicros),
        createdAt: payment.createdAt,
      },
      steps: payment.paidAt
        ? [
            {
              at: payment.paidAt,
              source: "provider" as const,
              title: `${payment.provider}: paid`,
              tone: "good" as const,
            },
          ]
        : [],
    };
  }
  return null;
}
