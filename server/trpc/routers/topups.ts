import { z } from "zod";
import { router, accountProcedure } from "../init";
import { listBundles } from "../../modules/topups/list-bundles";
import { lookupOperators } from "../../modules/topups/lookup-operators";
import { prepareData, purchaseData } from "../../modules/topups/purchase-data";
import { prepareAirtime, purchaseAirtime } from "../../modules/topups/purchase-airtime";
import { listTopups } from "../../modules/topups/list-topups";

const mode = z.enum(["test", "live"]);

// The Top-ups page buys through the same use cases as the API; `mode` picks the sandbox or the live provider.
export const topupsRouter = router({
  bundles: accountProcedure()
    .input(z.object({ network: z.string().optional() }))
    .query(({ input }) => listBundles(input)),
  operators: accountProcedure()
    .input(z.object({ mode, phone_number: z.string() }))
    .query(({ input }) => lookupOperators({ phone_number: input.phone_number }, { mode: input.mode })),
  history: accountProcedure().query(({ input }) => listTopups({ accountId: input.accountId })),
  buyData: accountProcedure("developer")
    .input(z.object({ mode, phone_number: z.string(), network: z.string(), capacity_gb: z.number() }))
    .mutation(async ({ input, ctx }) =>
      purchaseData(await prepareData(input, { mode: input.mode }), {
        accountId: input.accountId,
        keyId: null,
        mode: input.mode,
        actor: ctx.user.id,
      }),
    ),
  buyAirtime: accountProcedure("developer")
    .input(z.object({ mode, phone_number: z.string(), amount: z.number(), operatorId: z.number().optional() }))
    .mutation(async ({ input, ctx }) =>
      purchaseAirtime(await prepareAirtime(input, { mode: input.mode }), {
        accountId: input.accountId,
        keyId: null,
        mode: input.mode,
        actor: ctx.user.id,
      }),
    ),
});
