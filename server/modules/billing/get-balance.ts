import { db } from "../../db/client";
import { toAmountNumber } from "../../lib/money";
import type { ApiCaller } from "../keys/resolve-api-key";
import { readRateLimit } from "../limits/consume-rate-limit";
import { SERVICES } from "../limits/services";

/** GET /api/v1/balance: money, plan, and where every live counter stands. */
export async function getBalance(caller: ApiCaller) {
  const account = await db().account.findUniqueOrThrow({ where: { id: caller.accountId }, include: { plan: true } });
  const usage = Object.fromEntries(
    await Promise.all(
      SERVICES.map(async (service) => {
        const state = await readRateLimit({ accountId: account.id, planId: account.planId, service });
        return [
          service,
          Object.fromEntries(
            state.windows.map((w) => [
              w.window,
              { used: w.used, limit: w.limit, remaining: w.remaining, reset: w.reset },
            ]),
          ),
        ];
      }),
    ),
  );
  return {
    balance: toAmountNumber(account.balanceMicros),
    currency: account.currency,
    plan: { id: account.plan.id, name: account.plan.name },
    usage,
  };
}
