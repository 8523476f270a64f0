// The Messages page's "Scheduled SMS" list: one account's promotional SMS
// waiting for their country's window, soonest first. Read through the partial
// index of waiting messages by account and time, so its cost is what it shows
// however much the account has sent.
import { db } from "../../db/client";
import { toAmountNumber } from "../../lib/money";

const SHOWN = 100;

export async function listScheduledSms(input: { accountId: string }) {
  const waiting = await db().smsMessage.findMany({
    where: { accountId: input.accountId, status: "scheduled" },
    orderBy: { scheduledAt: "asc" },
    take: SHOWN + 1,
    select: {
      id: true,
      mode: true,
      sender: true,
      toNumber: true,
      body: true,
      countryIso: true,
      scheduledAt: true,
      priceMicros: true,
      currency: true,
    },
  });
  return {
    items: waiting.slice(0, SHOWN).map((m) => ({
      transactionId: m.id,
      mode: m.mode,
      from: m.sender,
      to: m.toNumber,
      country: m.countryIso,
      // A preview: the list shows a line, the message's page shows it whole.
      text: m.body.length > 80 ? `${m.body.slice(0, 79)}…` : m.body,
      price: toAmountNumber(m.priceMicros),
      currency: m.currency,
      sendAt: m.scheduledAt!,
    })),
    more: waiting.length > SHOWN,
  };
}
