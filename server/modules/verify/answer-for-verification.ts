// The answer to a verify/send whose request died (or lost its database) after
// its message was created: the idempotency key is bound to that message's
// transaction, so a retry with it is answered from the message as it now stands
// (in progress, failed, or the verification) and never sends again.
import { db } from "../../db/client";
import type { ApiCaller } from "../keys/resolve-api-key";
import { answerForSms } from "../sms/answer-for-sms";
import { answerForEmail } from "../email/answer-for-email";
import { answerVerification } from "./verification-view";

export async function answerForVerification(input: { transactionId: string; caller: ApiCaller }) {
  // Throws REQUEST_IN_PROGRESS for a message still being settled, and the send's own error for a failed one.
  if (input.transactionId.startsWith("sms_")) await answerForSms(input);
  else await answerForEmail(input);
  const link = await db().verificationMessage.findUniqueOrThrow({
    where: { transactionId: input.transactionId },
    include: { verification: true },
  });
  return { data: await answerVerification(link.verification), transactionId: link.verificationId };
}
