import { z } from "zod";
import { router, accountProcedure } from "../init";
import { getStartedChecklist } from "../../modules/onboarding/get-started-checklist";
import { hideGetStarted } from "../../modules/onboarding/hide-get-started";

export const onboardingRouter = router({
  checklist: accountProcedure().query(({ input, ctx }) =>
    getStartedChecklist({ accountId: input.accountId, userId: ctx.user.id }),
  ),
  // Any member, viewers too: it hides the list from their own Overview only.
  setHidden: accountProcedure()
    .input(z.object({ hidden: z.boolean() }))
    .mutation(({ input, ctx }) =>
      hideGetStarted({ accountId: input.accountId, userId: ctx.user.id, hidden: input.hidden }),
    ),
});
