import { db, sql } from "../../db/client";
import { newId } from "../../lib/ids";
import type { InboundSmsReport } from "../../providers/sms";
import { applyOptOutKeyword, optOutKeyword } from "../contacts/apply-opt-out-keyword";

// Replies reach the account that last wrote to the sender, within this long.
const REPLY_WINDOW_MS = 7 * 24 * 3_600_000;

/**
 * A mobile-originated SMS (two-way messaging). A reply goes only to an
 * account that texted this number from this very sender within the window
 * (the most recent one, when several share a sender); a sender that belongs to
 * an account (its approved sender ID or verified number) hands replies to that
 * account alone. It is stored, shown on the Messages page and raised as
 * `sms.received`. A message nobody wrote to is dropped: there is no one to give
 * it to, and guessing would hand one customer's replies to another.
 */
export async function receiveInboundSms(message: InboundSmsReport): Promise<string | null> {
  const since = new Date(Date.now() - REPLY_WINDOW_MS);
  const owners = await ownersOf(message.to);
  const last = await db().smsMessage.findFirst({
    where: {
      toNumber: message.from,
      mode: "live",
      createdAt: { gte: since },
      sender: { in: spellings(message.to), mode: "insensitive" },
      ...(owners.length ? { accountId: { in: owners } } : {}),
    },
    orderBy: { createdAt: "desc" },
    select: { id: true, accountId: true },
  });
  if (!last) {
    // A STOP is honoured however long ago the account last wrote (docs/decisions.md, "Opt-outs and unsubscribe"): it is not handed over as a reply, but
    // it opts the number out of the broadcasts of the sender's owners, or of every account that ever texted it from
    // that sender (which of them it meant cannot be told; texting someone who said STOP is the worse mistake).
    // START likewise: it only ever frees a number that opted out of that account, so it may follow a late STOP.
    // An owner's own opt-in keyword (JOIN to its sender) is heard too: that is how a number first asks to join. Consent
    // (START, or the keyword) is recorded only when one account owns the sender: a reply fanned out to several is
    // nobody's in particular.
    if (optOutKeyword(message.body) || owners.length === 1)
      for (const accountId of owners.length ? owners : await everSentFrom(message.from, message.to))
        await applyOptOutKeyword({ accountId, from: message.from, body: message.body, consent: owners.length === 1 });
    return null;
  }
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
  // STOP, START and their kin (docs/decisions.md, "Opt-outs and unsubscribe"): the reply is kept like any other, and also moves the contact's opt-out.
  await applyOptOutKeyword({ accountId: last.accountId, from: message.from, body: message.body });
  return id;
}

/** Accounts that own this sender: an approved sender ID of that name, or a verified number. */
async function ownersOf(sender: string): Promise<string[]> {
  const [ids, numbers] = await Promise.all([
    db().senderId.findMany({
      where: { name: { equals: sender, mode: "insensitive" }, status: "approved" },
      select: { accountId: true },
    }),
    db().verifiedNumber.findMany({
      where: { number: { in: spellings(sender) }, status: "verified" },
      select: { accountId: true },
    }),
  ]);
  return [...new Set([...ids, ...numbers].map((o) => o.accountId))];
}

/** Accounts that ever texted this number from this sender (live): a number's messages, from its index. */
async function everSentFrom(number: string, sender: string): Promise<string[]> {
  const { rows } = await sql().query<{ account_id: string }>(
    `SELECT DISTINCT account_id FROM sms_messages
     WHERE to_number = $1 AND mode = 'live' AND lower(sender) = ANY($2::text[])`,
    [number, spellings(sender).map((s) => s.toLowerCase())],
  );
  return rows.map((r) => r.account_id);
}

/** A numeric sender as carriers write it, with and without the leading +; a name as it is. */
function spellings(sender: string): string[] {
  const digits = sender.replace(/^\+/, "");
  return /^\d+$/.test(digits) ? [digits, `+${digits}`] : [sender];
}
