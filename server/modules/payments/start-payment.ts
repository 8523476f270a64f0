import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { publicUrl } from "../../config/public-url";
import { initializePaystack, paystackConfigFromEnv } from "../../providers/payments";
import { config } from "../../config/config";

export const MIN_TOPUP = 1;
export const MAX_TOPUP = 10_000;

/**
 * Money in: the customer asks to add `amount` to the balance and is sent to a
 * checkout, Paystack's when PAYSTACK_SECRET_KEY is set, else the sandbox
 * checkout. The sandbox hands out money for nothing, so it exists only in
 * development or where KASA_SANDBOX_PAYMENTS=on says so (tests, demos); a
 * production deployment without Paystack has no top-up. The balance moves
 * only when the payment is confirmed (webhook or sandbox), once per reference.
 */
export async function startPayment(input: { accountId: string; amount: number; email: string; actor: string }) {
  if (
    !Number.isFinite(input.amount) ||
    input.amount < MIN_TOPUP ||
    input.amount > MAX_TOPUP ||
    Math.round(input.amount * 100) !== input.amount * 100
  ) {
    throw new AppError("INVALID_AMOUNT", {
      message: `A top-up is between ${MIN_TOPUP} and ${MAX_TOPUP}, with at most two decimals`,
    });
  }
  const account = await db().account.findUniqueOrThrow({ where: { id: input.accountId }, select: { currency: true } });
  const id = newId("pay");
  const paystack = paystackConfigFromEnv();
  if (!paystack && !sandboxPaymentsEnabled())
    throw new AppError("SERVICE_UNAVAILABLE", { message: "No payment provider is configured on this deployment" });
  const amountMicros = BigInt(Math.round(input.amount * 100)) * 10_000n;
  const checkoutUrl = paystack
    ? (
        await initializePaystack(paystack, {
          email: input.email,
          amountSubunits: Math.round(input.amount * 100),
          currency: account.currency,
          reference: id,
          callbackUrl: `${publicUrl()}/accounts/${input.accountId}/billing?payment=${id}`,
          metadata: { account_id: input.accountId },
        }).catch((error: Error) => {
          throw new AppError("PROVIDER_ERROR", { message: error.message });
        })
      ).checkoutUrl
    : `/accounts/${input.accountId}/billing/checkout/${id}`;
  await db().payment.create({
    data: {
      id,
      accountId: input.accountId,
      provider: paystack ? "paystack" : "sandbox",
      reference: id,
      amountMicros,
      currency: account.currency,
      checkoutUrl,
      createdBy: input.actor,
    },
  });
  return { id, checkoutUrl, provider: paystack ? "paystack" : "sandbox" };
}

/** Only where someone said so: KASA_SANDBOX_PAYMENTS=on (tests, demos), which `npm run dev` sets unless told off. */
export function sandboxPaymentsEnabled(): boolean {
  return config().KASA_SANDBOX_PAYMENTS;
}
