// The answer to a purchase whose request died (or lost its database) after
// the purchase was created, as it now stands (pending purchases are being
// reconciled with the provider): what a retry with the same idempotency key
// gets instead of a second purchase.
import { db } from "../../db/client";
import { redactInternal } from "../../lib/redact-internal";
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import { topupView } from "./topup-view";

export async function answerForTopup(input: { transactionId: string; caller: ApiCaller }) {
  const topup = await db().topup.findFirst({
    where: { id: input.transactionId, accountId: input.caller.accountId },
  });
  if (!topup)
    throw new AppError("REQUEST_IN_PROGRESS", {
      message: "The first request with this idempotency_key is still being settled; retry shortly",
      context: { transaction_id: input.transactionId },
    });
  if (topup.status === "failed")
    throw new AppError("PURCHASE_FAILED", {
      status: 400,
      message: `The purchase failed and was refunded: ${topup.providerMessage ?? "the provider did not complete it"}`,
      context: { transaction_id: topup.id, provider_message: redactInternal(topup.providerMessage) },
    });
  return { status: 201, data: topupView(topup), transactionId: topup.id };
}
