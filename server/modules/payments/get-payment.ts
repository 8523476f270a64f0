import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { toAmountNumber } from "../../lib/money";

/** One payment of the account, for the checkout page. */
export async function getPayment(input: { accountId: string; paymentId: string }) {
  const payment = await db().payment.findFirst({ where: { id: input.paymentId, accountId: input.accountId } });
  if (!payment) throw new AppError("NOT_FOUND", { message: "No such payment" });
  return {
    id: payment.id,
    provider: payment.provider,
    amount: toAmountNumber(payment.amountMicros),
    currency: payment.currency,
    status: payment.status,
  };
}
