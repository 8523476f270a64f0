// The answer to a send whose request died (or lost its database) after the
// message was created, as the message now stands: what a retry with the same
// idempotency key gets instead of a second send.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import { coverage } from "../coverage/coverage-cache";
import { smsView } from "./sms-view";
import { sendFailure } from "./send-sms";

export async function answerForSms(input: { transactionId: string; caller: ApiCaller }) {
  const sms = await db().smsMessage.findFirst({
    where: { id: input.transactionId, accountId: input.caller.accountId },
  });
  if (!sms || sms.status === "pending")
    throw new AppError("REQUEST_IN_PROGRESS", {
      message: "The first request with this idempotency_key is still being settled; retry shortly",
      context: { transaction_id: input.transactionId },
    });
  if (sms.status === "failed") throw sendFailure(sms);
  const country = (await coverage()).byIso.get(sms.countryIso);
  return {
    data: {
      ...smsView({ sms, countryName: country?.name, dialingCode: country?.dialingCode }),
      ...(sms.status === "unknown" ? { detail: sms.errorMessage } : {}),
    },
    transactionId: sms.id,
  };
}
