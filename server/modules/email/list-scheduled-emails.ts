// The Messages page's "Scheduled" list: one account's messages still waiting
// to leave, soonest first. Read from scheduled_email_contents (which holds only
// waiting messages, by account and time), so its cost is what it shows however
// much mail the account has sent.
import { db } from "../../db/client";
import { toAmountNumber } from "../../lib/money";

const SHOWN = 100;

export async function listScheduledEmails(input: { accountId: string }) {
  const waiting = await db().scheduledEmailContent.findMany({
    where: { accountId: input.accountId },
    orderBy: { sendAt: "asc" },
    take: SHOWN + 1,
    select: {
      sendAt: true,
      email: {
        select: {
          id: true,
          transactionId: true,
          mode: true,
          sender: true,
          toAddresses: true,
          subject: true,
          recipients: true,
          priceMicros: true,
          currency: true,
        },
      },
    },
  });
  return {
    items: waiting.slice(0, SHOWN).map(({ sendAt, email }) => ({
      emailId: email.id,
      transactionId: email.transactionId,
      mode: email.mode,
      from: email.sender,
      to: email.toAddresses.join(", "),
      subject: email.subject,
      recipients: email.recipients,
      price: toAmountNumber(email.priceMicros),
      currency: email.currency,
      sendAt,
    })),
    more: waiting.length > SHOWN,
  };
}
