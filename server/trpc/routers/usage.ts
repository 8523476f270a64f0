import { router, accountProcedure } from "../init";
import { getUsage } from "../../modules/limits/get-usage";

export const usageRouter = router({
  get: accountProcedure().query(({ input }) => getUsage({ accountId: input.accountId })),
});
