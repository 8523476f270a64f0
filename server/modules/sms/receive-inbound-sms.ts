import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import type { InboundSmsReport } from "../../providers/sms";

// Replies reach the account that last wrote to the sender, within this long.
const REPLY_WINDOW_MS = 7 * 24 * 3_600_000;

/**
 * A mobile-originated SMS (two-way messaging). Carriers deliver replies to
 * our shared senders, so the message goes to the account whose most recent
 * live SMS went to this number (from this sender, when we can tell); it is
 * stored, shown on the Messages page and raised as `sms.received`. A message
 * nobody wrote to is dropped: there is no one to give it to.
 */
export async function receiveInboundSms(message: InboundSmsReport): Promise<string | null> {
  const since = new Date(Date.now() - REPLY_WINDOW_MS);
  const where = { toNumber: message.from, mode: "live" as const, createdAt: { gte: since } };
  const last =
    (await db().smsMessage.findFirst({
      where: { ...where, sender: message.to },
      orderBy: { createdAt: "desc" },
      select: { id: true, accountId: true },
    })) ??
    (await db().smsMessage.findFirst({ where, orderBy: { createdAt: "desc" }, select: { id: true, accountId: true } }));
  if (!last) return null;
  const id = newId("smsin");
  const receivedAt = new Date();
  await db().$transaction([
    db().inboundSms.create({
      data: {
        id,
        accountId: last.accountId,
        fromNumber: message.from,
        toAddress: message.to,
        body: message.body,
        provider: message.provider,
        inReplyTo: last.id,
        receivedAt,
      },
    }),
    db().event.create({
      data: {
        accountId: last.accountId,
        transactionId: id,
        event: "sms.received",
        data: {
          transaction_id: id,
          type: "sms",
          status: "received",
          from: message.from,
          to: message.to,
          message: message.body,
          in_reply_to: last.id,
          timestamp: receivedAt.toISOString(),
        },
      },
    }),
  ]);
  return id;
}
