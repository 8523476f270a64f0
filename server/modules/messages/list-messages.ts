import { db } from "../../db/client";
import { toAmountNumber } from "../../lib/money";

export type MessageRow = {
  kind: "sms" | "email";
  direction: "outbound" | "inbound";
  /** How it was made, when not by an API call: the SMTP submission service (docs/decisions.md, "SMTP relay"). */
  via: "smtp" | null;
  transactionId: string;
  to: string;
  summary: string;
  status: string;
  mode: string;
  price: number;
  currency: string;
  createdAt: Date;
};

const PAGE = 50;

/** The Messages page: SMS (sent and received) and email of an account together, newest first; `before` pages on. */
export async function listMessages(input: {
  accountId: string;
  kind?: "sms" | "email";
  status?: string;
  before?: Date;
  tag?: string;
  /** The Overview's "last 10" takes fewer than a page. */
  limit?: number;
}) {
  const take = Math.min(input.limit ?? PAGE, PAGE);
  const createdAt = input.before ? { lt: input.before } : undefined;
  // "name:value" (or "name=value") finds emails carrying that tag; SMS have no tags.
  const tag = input.tag ? /^([^:=]+)[:=](.*)$/.exec(input.tag.trim()) : null;
  const tagFilter = tag ? { tags: { array_contains: [{ name: tag[1]!.trim(), value: tag[2]!.trim() }] } } : {};
  const onlyEmail = input.kind === "email" || input.tag !== undefined;
  const withInbound = !onlyEmail && (!input.status || input.status === "received");
  const [sms, emails, inbound] = await Promise.all([
    onlyEmail || input.status === "received"
      ? []
      : db().smsMessage.findMany({
          where: { accountId: input.accountId, createdAt, ...(input.status ? { status: input.status as never } : {}) },
          orderBy: { createdAt: "desc" },
          take,
        }),
    input.kind === "sms" || input.status === "received"
      ? []
      : db().emailMessage.findMany({
          where: {
            accountId: input.accountId,
            createdAt,
            ...tagFilter,
            ...(input.status ? { status: input.status as never } : {}),
          },
          orderBy: { createdAt: "desc" },
          take,
        }),
    withInbound
      ? db().inboundSms.findMany({
          where: { accountId: input.accountId, receivedAt: createdAt },
          orderBy: { receivedAt: "desc" },
          take,
        })
      : [],
  ]);
  const rows: MessageRow[] = [
    ...sms.map((m) => ({
      kind: "sms" as const,
      direction: "outbound" as const,
      via: null,
      transactionId: m.id,
      to: m.toNumber,
      summary: m.body.slice(0, 80),
      status: m.status,
      mode: m.mode,
      price: toAmountNumber(m.priceMicros),
      currency: m.currency,
      createdAt: m.createdAt,
    })),
    ...emails.map((m) => ({
      kind: "email" as const,
      direction: "outbound" as const,
      transactionId: m.transactionId,
      via: m.via === "smtp" ? ("smtp" as const) : null,
      // A message to Bcc recipients only (SMTP) has no To: it says how many.
      to: m.toAddresses.join(", ") || m.ccAddresses.join(", ") || `${m.recipients} Bcc`,
      summary: m.subject,
      status: m.status,
      mode: m.mode,
      price: toAmountNumber(m.priceMicros),
      currency: m.currency,
      createdAt: m.createdAt,
    })),
    // Replies (two-way SMS): "to" shows who wrote, the price is nothing.
    ...inbound.map((m) => ({
      kind: "sms" as const,
      direction: "inbound" as const,
      via: null,
      transactionId: m.id,
      to: `from ${m.fromNumber}`,
      summary: m.body.slice(0, 80),
      status: "received",
      mode: "live",
      price: 0,
      currency: "USD",
      createdAt: m.receivedAt,
    })),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, take);
  return { items: rows, nextBefore: rows.length === take ? rows.at(-1)!.createdAt : null };
}
