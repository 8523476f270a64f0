import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { toAmountNumber } from "../../lib/money";

/** 402 for a reservation that did not fit: what it needed, and what there is. */
export async function insufficientBalance(accountId: string, requiredMicros: bigint): Promise<AppError> {
  const account = await db().account.findUnique({
    where: { id: accountId },
    select: { balanceMicros: true, currency: true },
  });
  const currency = account?.currency ?? "USD";
  return new AppError("INSUFFICIENT_BALANCE", {
    message: `Insufficient balance: this costs ${toAmountNumber(requiredMicros)} ${currency}`,
    context: {
      required: toAmountNumber(requiredMicros),
      currency,
      balance: toAmountNumber(account?.balanceMicros ?? 0n),
    },
  });
}
