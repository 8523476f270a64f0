import { router, userProcedure, accountProcedure } from "../init";
import { listUserAccounts } from "../../modules/accounts/list-user-accounts";
import { getAccountOverview } from "../../modules/accounts/get-account-overview";

export const accountRouter = router({
  me: userProcedure.query(async ({ ctx }) => ({
    user: ctx.user,
    accounts: await listUserAccounts({ userId: ctx.user.id }),
  })),
  overview: accountProcedure().query(({ input, ctx }) =>
    getAccountOverview({ accountId: input.accountId }).then((o) => ({ ...o, role: ctx.membership.role })),
  ),
});
