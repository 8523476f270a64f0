// The answer to an email send whose request died (or lost its database) after
// the message was created, as it now stands: what a retry with the same
// idempotency key gets instead of a second send.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import { emailSendFailure, emailSendResult } from "./send-email";

export async function answerForEmail(input: { transactionId: string; caller: ApiCaller }) {
  const email = await db().emailMessage.findFirst({
    where: { transactionId: input.transactionId, accountId: input.caller.accountId },
  });
  if (!email || email.status === "pending")
    throw new AppError("REQUEST_IN_PROGRESS", {
      message: "The first request with this idempotency_key is still being settled; retry shortly",
      context: { transaction_id: input.transactionId },
    });
  if (email.status === "failed") throw emailSendFailure(email);
  return { data: await emailSendResult({ email, caller: input.caller }), transactionId: email.transactionId };
}
