import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { confirmPayment } from "./confirm-payment";
import { failPayment } from "./fail-payment";
import { sandboxPaymentsEnabled } from "./start-payment";

/** The sandbox checkout's Pay / Cancel buttons: the same confirmation path as a provider's webhook. */
export async function completeSandboxPayment(input: { accountId: string; paymentId: string; paid: boolean }) {
  const payment = await db().payment.findFirst({
    where: { id: input.paymentId, accountId: input.accountId, provider: "sandbox" },
  });
  if (!payment || !sandboxPaymentsEnabled()) throw new AppError("NOT_FOUND", { message: "No such sandbox payment" });
  if (input.paid)
    await confirmPayment({
      provider: "sandbox",
      reference: payment.reference,
      paidMicros: payment.amountMicros,
      currency: payment.currency,
    });
  else await failPayment({ provider: "sandbox", reference: payment.reference });
  return { id: payment.id, status: (await db().payment.findUniqueOrThrow({ where: { id: payment.id } })).status };
}
