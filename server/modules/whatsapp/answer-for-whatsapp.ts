// The answer to a send whose request died after the message was written: what a retry with the same idempotency key
// gets instead of a second send (as answer-for-sms.ts).
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import { sendFailure } from "./send-whatsapp";
import { whatsappMessageView } from "./whatsapp-message-view";

export async function answerForWhatsapp(input: { transactionId: string; caller: ApiCaller }) {
  const message = await db().whatsappMessage.findFirst({
    where: { id: input.transactionId, accountId: input.caller.accountId },
    include: { number: { select: { displayPhoneNumber: true } } },
  });
  if (!message || message.status === "pending")
    throw new AppError("REQUEST_IN_PROGRESS", {
      message: "The first request with this idempotency_key is still being settled; retry shortly",
      context: { transaction_id: input.transactionId },
    });
  const { number, ...row } = message;
  if (row.status === "failed") throw sendFailure(row, row.errorCode === null ? 503 : 400);
  const view = whatsappMessageView(row, number?.displayPhoneNumber ?? null);
  return {
    data: row.status === "unknown" ? { ...view, detail: row.errorMessage ?? undefined } : view,
    transactionId: row.id,
  };
}
