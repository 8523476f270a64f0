import { db } from "../../db/client";
import { recipientsOf } from "./recipients-of";

/** A spam complaint about one of our messages: email.complained, and the complainer is not mailed again. */
export async function applyComplaint(input: {
  emailId: string;
  recipient: string | null;
  feedbackType: string;
}): Promise<boolean> {
  const email = await db().emailMessage.findUnique({ where: { id: input.emailId } });
  if (!email) return false;
  // The complainer must be one of the message's recipients; a report that names nobody (providers often redact)
  // points at the only recipient when there was one, and suppresses nobody otherwise.
  const sentTo = [...recipientsOf(email)];
  const complainer = input.recipient
    ? sentTo.includes(input.recipient.toLowerCase())
      ? input.recipient.toLowerCase()
      : undefined
    : sentTo.length === 1
      ? sentTo[0]!
      : null;
  if (complainer === undefined) return false;
  const now = new Date();
  await db().$transaction(async (tx) => {
    // The first complaint is the message's (the delivery figures count it once); the row lock orders concurrent ones.
    await tx.emailMessage.updateMany({ where: { id: email.id, complainedAt: null }, data: { complainedAt: now } });
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
            complainant: complainer,
            timestamp: now.toISOString(),
          },
        },
      ],
      skipDuplicates: true,
    });
    if (complainer) {
      await tx.suppression.createMany({
        data: [
          {
            accountId: email.accountId,
            address: complainer,
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
