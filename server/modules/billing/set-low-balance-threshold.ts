import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";

/** `balance.low` fires when a charge takes the balance under this amount (null: never). */
export async function setLowBalanceThreshold(input: { accountId: string; threshold: number | null }) {
  if (
    input.threshold !== null &&
    (!Number.isFinite(input.threshold) || input.threshold < 0 || input.threshold > 1_000_000)
  ) {
    throw new AppError("INVALID_AMOUNT", {
      message: "The threshold is an amount between 0 and 1,000,000, or empty for none",
    });
  }
  const micros = input.threshold === null ? null : BigInt(Math.round(input.threshold * 1e6));
  await db().account.update({ where: { id: input.accountId }, data: { lowBalanceThresholdMicros: micros } });
  return { lowBalanceThreshold: input.threshold };
}
