import { z } from "zod";
import { router, accountProcedure } from "../init";
import { listBundles } from "../../modules/topups/list-bundles";
import { lookupOperators } from "../../modules/topups/lookup-operators";
import { prepareData, purchaseData } from "../../modules/topups/purchase-data";
import { prepareAirtime, purchaseAirtime } from "../../modules/topups/purchase-airtime";
import { listTopups } from "../../modules/topups/list-topups";
import { airtimePurchaseInput, bundlesInput, dataPurchaseInput, operatorsInput } from "../../modules/topups/schemas";
import { useCaseInput } from "../use-case-input";

// The Top-ups page buys through the same use cases and schemas as the API; `mode` (the dashboard's own
// field) picks the sandbox or the live provider. Purchases from the dashboard take no idempotency key.
const mode = z.object({ mode: z.enum(["test", "live"]) });
export const topupsRouter = router({
  bundles: accountProcedure()
    .input(useCaseInput(bundlesInput))
    .query(({ input }) => listBundles(input)),
  operators: accountProcedure()
    .input(mode)
    .input(useCaseInput(operatorsInput.required({ phone_number: true })))
    .query(({ input }) => lookupOperators(input, { mode: input.mode })),
  history: accountProcedure().query(({ input }) => listTopups({ accountId: input.accountId })),
  buyData: accountProcedure("developer")
    .input(mode)
    .input(useCaseInput(dataPurchaseInput.omit({ idempotency_key: true })))
    .mutation(async ({ input, ctx }) =>
      purchaseData(await prepareData(input, { mode: input.mode }), {
        accountId: input.accountId,
        keyId: null,
        mode: input.mode,
        actor: ctx.user.id,
      }),
    ),
  buyAirtime: accountProcedure("developer")
    .input(mode)
    .input(useCaseInput(airtimePurchaseInput.omit({ idempotency_key: true })))
    .mutation(async ({ input, ctx }) =>
      purchaseAirtime(await prepareAirtime(input, { mode: input.mode }), {
        accountId: input.accountId,
        keyId: null,
        mode: input.mode,
        actor: ctx.user.id,
      }),
    ),
});
