import { z } from "zod";
import { router, accountProcedure } from "../init";
import { listSuppressions, removeSuppression } from "../../modules/email/suppressions";

export const suppressionsRouter = router({
  list: accountProcedure().query(({ input }) => listSuppressions({ accountId: input.accountId })),
  remove: accountProcedure("developer")
    .input(z.object({ address: z.string().min(3).max(320) }))
    .mutation(({ input }) => removeSuppression(input)),
});
