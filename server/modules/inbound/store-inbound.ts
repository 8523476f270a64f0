import type { ParsedMail } from "mailparser";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { newTransactionId } from "../../lib/transaction-ids";

/** Mail for a customer's mailbox: kept, and announced as email.received (in one transaction). */
export async function storeInbound(input: {
  mailboxAddress: string;
  parsed: ParsedMail;
  sizeBytes: number;
}): Promise<boolean> {
  const mailbox = await db().mailbox.findUnique({ where: { address: input.mailboxAddress.toLowerCase() } });
  if (!mailbox) return false;
  const { parsed } = input;
  const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : [])
    .flatMap((t) => t.value.map((v) => v.address ?? ""))
    .filter(Boolean);
  const from = parsed.from?.value[0]?.address ?? "";
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
        subject: parsed.subject ?? "",
        textBody: parsed.text ?? null,
        htmlBody: typeof parsed.html === "string" ? parsed.html : null,
        messageId: parsed.messageId ?? null,
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
          subject: parsed.subject ?? "",
          text: parsed.text ?? null,
          message_id: parsed.messageId ?? null,
          timestamp: receivedAt.toISOString(),
        },
      },
    });
  });
  return true;
}
