import type { InboundMail } from "./read-inbound-mail";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { newTransactionId } from "../../lib/transaction-ids";

/** Mail for a customer's mailbox: kept, and announced as email.received (in one transaction). */
export async function storeInbound(input: {
  mailboxAddress: string;
  mail: InboundMail;
  sizeBytes: number;
}): Promise<boolean> {
  const mailbox = await db().mailbox.findUnique({ where: { address: input.mailboxAddress.toLowerCase() } });
  if (!mailbox) return false;
  const { mail } = input;
  const { to, from } = mail;
  const id = newId("inb");
  const transactionId = newTransactionId("email");
  const receivedAt = new Date();
  await db().$transaction(async (tx) => {
    await tx.inboundEmail.create({
      data: {
        id,
        transactionId,
        accountId: mailbox.accountId,
        mailboxId: mailbox.id,
        fromAddress: from,
        toAddresses: to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        messageId: mail.messageId,
        sizeBytes: input.sizeBytes,
        receivedAt,
      },
    });
    await tx.event.create({
      data: {
        accountId: mailbox.accountId,
        transactionId,
        event: "email.received",
        data: {
          transaction_id: transactionId,
          type: "email",
          status: "received",
          email_id: id,
          mailbox: mailbox.address,
          from,
          to,
          subject: mail.subject,
          text: mail.text,
          message_id: mail.messageId,
          timestamp: receivedAt.toISOString(),
        },
      },
    });
  });
  return true;
}
