import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { confirmPayment, failPayment } from "./confirm-payment";
import { sandboxPaymentsEnabled } from "./start-payment";

/** The sandbox checkout's Pay / Cancel buttons: the same confirmation path as a provider's webhook. */
export async function completeSandboxPayment(input: { accountId: string; paymentId: string; paid: boolean }) {
  const payment = await db().payment.findFirst({ where: { id: input.paymentId, accountId: input.accountId, provider: "sandbox" } });
  if (!payment || !sandboxPaymentsEnabled()) throw new AppError("NOT_FOUND", { message: "No such sandbox payment" });
  if (input.paid) await confirmPayment({ provider: "sandbox", reference: payment.reference, paidMicros: payment.amountMicros, currency: payment.currency });
  else await failPayment({ provider: "sandbox", reference: payment.reference });
  return { id: payment.id, status: (await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status };
}

export async function getPayment(input: { accountId: string; paymentId: string }) {
  const payment = await db().payment.findFirst({ where: { id: input.paymentId, accountId: input.accountId } });
  if (!payment) throw new AppError("NOT_FOUND", { message: "No such payment" });
  return { id: payment.id, provider: payment.provider, amount: Number(payment.amountMicros) / 1e6, currency: payment.currency, status: payment.status };
}
