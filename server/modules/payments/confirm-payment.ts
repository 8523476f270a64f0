import { db } from "../../db/client";
import { creditBalance } from "../billing/credit-balance";

/**
 * A provider says the payment went through: the payment becomes `success`
 * and the amount actually paid is credited, in one transaction, once. A
 * repeated webhook finds the payment settled already and changes nothing
 * (and the ledger's unique (transaction_id, kind) would refuse a second credit).
 */
export async function confirmPayment(input: {
  provider: string;
  reference: string;
  paidMicros: bigint;
  currency: string;
  payload?: object;
}): Promise<"credited" | "already" | "unknown" | "mismatch"> {
  return db().$transaction(async (tx) => {
    const payment = await tx.payment.findUnique({
      where: { provider_reference: { provider: input.provider, reference: input.reference } },
    });
    if (!payment) return "unknown";
    if (payment.currency !== input.currency) return "mismatch";
    const moved = await tx.payment.updateMany({
      where: { id: payment.id, status: "pending" },
      data: {
        status: "success",
        paidAt: new Date(),
        providerPayload: (input.payload ?? {}) as object,
        amountMicros: input.paidMicros,
      },
    });
    if (moved.count === 0) return "already";
    await creditBalance(
      {
        accountId: payment.accountId,
        amountMicros: input.paidMicros,
        reason: `Top-up ${payment.provider === "paystack" ? "by Paystack" : "(sandbox checkout)"} ${payment.reference}`,
        actor: payment.provider,
        transactionId: payment.id,
      },
      tx,
    );
    return "credited";
  });
}
