import { db } from "../../db/client";
import { toAmountNumber } from "../../lib/money";

export type MessageRow = { kind: "sms" | "email"; transactionId: string; to: string; summary: string; status: string; mode: string; price: number; currency: string; createdAt: Date };

const PAGE = 50;

/** The Messages page: SMS and email of an account together, newest first; `before` pages on. */
export async function listMessages(input: { accountId: string; kind?: "sms" | "email"; status?: string; before?: Date; tag?: string }) {
  const createdAt = input.before ? { lt: input.before } : undefined;
  // "name:value" (or "name=value") finds emails carrying that tag; SMS have no tags.
  const tag = input.tag ? /^([^:=]+)[:=](.*)$/.exec(input.tag.trim()) : null;
  const tagFilter = tag ? { tags: { array_contains: [{ name: tag[1]!.trim(), value: tag[2]!.trim() }] } } : {};
  const onlyEmail = input.kind === "email" || input.tag !== undefined;
  const [sms, emails] = await Promise.all([
    onlyEmail ? [] : db().smsMessage.findMany({ where: { accountId: input.accountId, createdAt, ...(input.status ? { status: input.status as never } : {}) }, orderBy: { createdAt: "desc" }, take: PAGE }),
    input.kind === "sms" ? [] : db().emailMessage.findMany({ where: { accountId: input.accountId, createdAt, ...tagFilter, ...(input.status ? { status: input.status as never } : {}) }, orderBy: { createdAt: "desc" }, take: PAGE }),
  ]);
  const rows: MessageRow[] = [
    ...sms.map((m) => ({ kind: "sms" as const, transactionId: m.id, to: m.toNumber, summary: m.body.slice(0, 80), status: m.status, mode: m.mode, price: toAmountNumber(m.priceMicros), currency: m.currency, createdAt: m.createdAt })),
    ...emails.map((m) => ({ kind: "email" as const, transactionId: m.transactionId, to: m.toAddresses.join(", "), summary: m.subject, status: m.status, mode: m.mode, price: toAmountNumber(m.priceMicros), currency: m.currency, createdAt: m.createdAt })),
  ].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, PAGE);
  return { items: rows, nextBefore: rows.length === PAGE ? rows.at(-1)!.createdAt : null };
}

/** One message with its events, for the detail panel. */
export async function getMessageEvents(input: { accountId: string; transactionId: string }) {
  const events = await db().event.findMany({ where: { accountId: input.accountId, transactionId: input.transactionId }, orderBy: { id: "asc" } });
  return events.map((e) => ({ event: e.event, createdAt: e.createdAt, data: e.data }));
}
