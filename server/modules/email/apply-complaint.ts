import { db } from "../../db/client";

/** A spam complaint about one of our messages: email.complained, and the complainer is not mailed again. */
export async function applyComplaint(input: {
  emailId: string;
  recipient: string | null;
  feedbackType: string;
}): Promise<boolean> {
  const email = await db().emailMessage.findUnique({ where: { id: input.emailId } });
  if (!email) return false;
  const now = new Date();
  await db().$transaction(async (tx) => {
    await tx.event.createMany({
      data: [
        {
          accountId: email.accountId,
          transactionId: email.transactionId,
          event: "email.complained",
          data: {
            transaction_id: email.transactionId,
            type: "email",
            status: "delivered",
            email_id: email.id,
            to: email.toAddresses,
            subject: email.subject,
            detail: `Feedback report: ${input.feedbackType}`,
            complainant: input.recipient,
            timestamp: now.toISOString(),
          },
        },
      ],
      skipDuplicates: true,
    });
    if (input.recipient) {
      await tx.suppression.createMany({
        data: [
          {
            accountId: email.accountId,
            address: input.recipient,
            reason: "complaint",
            detail: `Feedback report: ${input.feedbackType}`,
            sourceEmailId: email.id,
          },
        ],
        skipDuplicates: true,
      });
    }
  });
  return true;
}
