// A live purchase from the dashboard counts against the same plan limits as
// one through the API (SPEC 8.3: limits are per account and service, whoever
// asks): counted before the work, given back when it failed before any
// transaction existed, exactly as the API pipeline does.
import { isAppError } from "../../errors/app-error";
import { consumeRateLimit, giveBackRateLimit } from "./consume-rate-limit";
import type { Service } from "./plan-limits";

export async function withinPlanLimit<T>(
  counters: { accountId: string; planId: string; service: Service },
  work: () => Promise<T>,
): Promise<T> {
  const counted = await consumeRateLimit(counters);
  try {
    return await work();
  } catch (error) {
    if (isAppError(error) && error.context.transaction_id === undefined)
      await giveBackRateLimit({ ...counters, counted }).catch(() => undefined);
    throw error;
  }
}
