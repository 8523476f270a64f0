import { db } from "../../db/client";
import type { DsnRecipient } from "../inbound/parse-dsn";
import { isHardBounce } from "../inbound/parse-dsn";
import { recipientsOf } from "./recipients-of";

/**
 * A delivery status notification for one of our messages: failed recipients
 * raise email.bounced (data.status "failed", detail = the remote server's
 * reason) and, when permanent, go on the account's suppression list; delayed
 * ones raise email.delivery_delayed, delivered ones email.delivered. Each
 * event is recorded once per message.
 */
export async function applyBounce(input: { emailId: string; recipients: DsnRecipient[] }): Promise<boolean> {
  const email = await db().emailMessage.findUnique({ where: { id: input.emailId } });
  if (!email) return false;
  // Only the message's own recipients: a report naming anyone else is forged, or about another message.
  const sentTo = recipientsOf(email);
  const about = input.recipients.filter((r) => sentTo.has(r.recipient.toLowerCase()));
  if (!about.length) return false;
  const failed = about.filter((r) => r.action === "failed");
  const delayed = about.filter((r) => r.action === "delayed");
  // A success report (NOTIFY=SUCCESS): the recipient's server took the message.
  const delivered = about.filter((r) => r.action === "delivered");
  const now = new Date();
  const base = {
    transaction_id: email.transactionId,
    type: "email",
    email_id: email.id,
    to: email.toAddresses,
    subject: email.subject,
    timestamp: now.toISOString(),
  };
  await db().$transaction(async (tx) => {
    if (failed.length) {
      const detail = failed.map((r) => `${r.recipient}: ${r.diagnostic ?? r.status}`).join("; ");
      await tx.emailMessage.update({
        where: { id: email.id },
        data: { status: "failed", errorCode: "bounced", errorMessage: detail, updatedAt: now },
      });
      await tx.event.createMany({
        data: [
          {
            accountId: email.accountId,
            transactionId: email.transactionId,
            event: "email.bounced",
            data: {
              ...base,
              status: "failed",
              detail,
              bounced: failed.map((r) => ({ address: r.recipient, status: r.status, hard: isHardBounce(r) })),
            },
          },
        ],
        skipDuplicates: true,
      });
      await tx.suppression.createMany({
        data: failed.filter(isHardBounce).map((r) => ({
          accountId: email.accountId,
          address: r.recipient,
          reason: "hard_bounce",
          detail: r.diagnostic,
          sourceEmailId: email.id,
        })),
        skipDuplicates: true,
      });
    }
    if (delivered.length && !failed.length) {
      await tx.emailMessage.updateMany({
        where: { id: email.id, status: "sent" },
        data: { status: "delivered", deliveredAt: now, updatedAt: now },
      });
      await tx.event.createMany({
        data: [
          {
            accountId: email.accountId,
            transactionId: email.transactionId,
            event: "email.delivered",
            data: {
              ...base,
              status: "delivered",
              detail: delivered.map((r) => `${r.recipient}: ${r.diagnostic ?? r.status}`).join("; "),
            },
          },
        ],
        skipDuplicates: true,
      });
    }
    if (delayed.length) {
      await tx.event.createMany({
        data: [
          {
            accountId: email.accountId,
            transactionId: email.transactionId,
            event: "email.delivery_delayed",
            data: {
              ...base,
              status: "sent",
              detail: delayed.map((r) => `${r.recipient}: ${r.diagnostic ?? r.status}`).join("; "),
            },
          },
        ],
        skipDuplicates: true,
      });
    }
  });
  return true;
}
