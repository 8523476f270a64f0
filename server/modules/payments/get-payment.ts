import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";

/** One payment of the account, for the checkout page. */
export async function getPayment(input: { accountId: string; paymentId: string }) {
  const payment = await db().payment.findFirst({ where: { id: input.paymentId, accountId: input.accountId } });
  if (!payment) throw new AppError("NOT_FOUND", { message: "No such payment" });
  return { id: payment.id, provider: payment.provider, amount: Number(payment.amountMicros) / 1e6, currency: payment.currency, status: payment.status };
}
