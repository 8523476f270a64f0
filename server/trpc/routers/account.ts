import { z } from "zod";
import { router, userProcedure, accountProcedure } from "../init";
import { createOwnAccount } from "../../modules/accounts/create-own-account";
import { renameAccount } from "../../modules/accounts/rename-account";
import { audited } from "../audited";
import { listUserAccounts } from "../../modules/accounts/list-user-accounts";
import { getAccountOverview } from "../../modules/accounts/get-account-overview";
import { accountActivity } from "../../modules/overview/account-activity";

export const accountRouter = router({
  me: userProcedure.query(async ({ ctx }) => ({
    user: ctx.user,
    accounts: await listUserAccounts({ userId: ctx.user.id }),
  })),
  create: userProcedure
    .input(z.object({ name: z.string().trim().min(1, "Enter a name for the account").max(100) }))
    .mutation(({ input, ctx }) => createOwnAccount({ userId: ctx.user.id, name: input.name })),
  rename: accountProcedure("owner")
    .input(z.object({ name: z.string().trim().min(1, "Enter a name for the account").max(100) }))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "account.renamed",
        () => renameAccount({ accountId: input.accountId, name: input.name }),
        (a) => ({ target: a.id, data: { name: a.name } }),
      ),
    ),
  activity: accountProcedure().query(({ input }) => accountActivity(input.accountId)),
  overview: accountProcedure().query(({ input, ctx }) =>
    getAccountOverview({ accountId: input.accountId }).then((o) => ({ ...o, role: ctx.membership.role })),
  ),
});
