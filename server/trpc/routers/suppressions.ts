import { z } from "zod";
import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { listSuppressions, removeSuppression } from "../../modules/email/suppressions";

export const suppressionsRouter = router({
  list: accountProcedure().query(({ input }) => listSuppressions({ accountId: input.accountId })),
  remove: accountProcedure("developer")
    .input(z.object({ address: z.string().min(3).max(320) }))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "suppression.removed",
        () => removeSuppression(input),
        () => ({ target: input.address }),
      ),
    ),
});
