import { z } from "zod";
import { router, accountProcedure } from "../init";
import { listBundles } from "../../modules/topups/list-bundles";
import { lookupOperators } from "../../modules/topups/lookup-operators";
import { prepareData, purchaseData } from "../../modules/topups/purchase-data";
import { prepareAirtime, purchaseAirtime } from "../../modules/topups/purchase-airtime";
import { listTopups } from "../../modules/topups/list-topups";
import { airtimePurchaseInput, bundlesInput, dataPurchaseInput, operatorsInput } from "../../modules/topups/schemas";
import { useCaseInput } from "../use-case-input";
import { withinPlanLimit } from "../../modules/limits/within-plan-limit";
import type { Membership } from "../../modules/accounts/require-membership";

// The Top-ups page buys through the same use cases and schemas as the API; `mode` (the dashboard's own
// field) picks the sandbox or the live provider. Purchases from the dashboard take no idempotency key; live ones
// count against the plan's limits like the API's, and a suspended account cannot make them.
const mode = z.object({ mode: z.enum(["test", "live"]) });

function limited<T>(
  input: { accountId: string; mode: "test" | "live" },
  membership: Membership,
  service: "data" | "airtime",
  work: () => Promise<T>,
): Promise<T> {
  if (input.mode === "test") return work();
  return withinPlanLimit({ accountId: input.accountId, planId: membership.account.planId, service }, work);
}
export const topupsRouter = router({
  bundles: accountProcedure()
    .input(useCaseInput(bundlesInput))
    .query(({ input }) => listBundles(input)),
  operators: accountProcedure()
    .input(mode)
    .input(useCaseInput(operatorsInput.required({ phone_number: true })))
    .query(({ input }) => lookupOperators(input, { mode: input.mode })),
  history: accountProcedure().query(({ input }) => listTopups({ accountId: input.accountId })),
  buyData: accountProcedure("developer", { active: true })
    .input(mode)
    .input(useCaseInput(dataPurchaseInput.omit({ idempotency_key: true })))
    .mutation(async ({ input, ctx }) => {
      const prepared = await prepareData(input, { mode: input.mode });
      return limited(input, ctx.membership, "data", () =>
        purchaseData({
          plan: prepared,
          caller: { accountId: input.accountId, keyId: null, mode: input.mode, actor: ctx.user.id },
        }),
      );
    }),
  buyAirtime: accountProcedure("developer", { active: true })
    .input(mode)
    .input(useCaseInput(airtimePurchaseInput.omit({ idempotency_key: true })))
    .mutation(async ({ input, ctx }) => {
      const prepared = await prepareAirtime(input, { mode: input.mode });
      return limited(input, ctx.membership, "airtime", () =>
        purchaseAirtime({
          plan: prepared,
          caller: { accountId: input.accountId, keyId: null, mode: input.mode, actor: ctx.user.id },
        }),
      );
    }),
});
