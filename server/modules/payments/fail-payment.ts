import { db } from "../../db/client";

/** The provider says the payment failed or was abandoned: it stays in the list, nothing is credited. */
export async function failPayment(input: { provider: string; reference: string }) {
  await db().payment.updateMany({
    where: { provider: input.provider, reference: input.reference, status: "pending" },
    data: { status: "failed" },
  });
}
