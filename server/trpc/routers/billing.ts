import { z } from "zod";
import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { billingOverview } from "../../modules/billing/billing-overview";
import { setLowBalanceThreshold } from "../../modules/billing/set-low-balance-threshold";
import { startPayment } from "../../modules/payments/start-payment";
import { completeSandboxPayment } from "../../modules/payments/complete-sandbox-payment";
import { getPayment } from "../../modules/payments/get-payment";
import { rowIdInput } from "../../lib/row-id-input";

export const billingRouter = router({
  overview: accountProcedure()
    .input(z.object({ cursor: rowIdInput().optional() }))
    .query(({ input }) =>
      billingOverview({ accountId: input.accountId, beforeId: input.cursor ? BigInt(input.cursor) : undefined }),
    ),
  // Money moves: owners only.
  startTopUp: accountProcedure("owner")
    .input(z.object({ amount: z.number() }))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "billing.top_up_started",
        () =>
          startPayment({ accountId: input.accountId, amount: input.amount, email: ctx.user.email, actor: ctx.user.id }),
        (p) => ({ target: p.id, data: { amount: input.amount } }),
      ),
    ),
  setThreshold: accountProcedure("owner")
    .input(z.object({ threshold: z.number().nullable() }))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "billing.threshold_set",
        () => setLowBalanceThreshold(input),
        () => ({ target: input.accountId, data: { threshold: input.threshold } }),
      ),
    ),
  payment: accountProcedure()
    .input(z.object({ paymentId: z.string() }))
    .query(({ input }) => getPayment(input)),
  completeSandbox: accountProcedure("owner")
    .input(z.object({ paymentId: z.string(), paid: z.boolean() }))
    .mutation(({ input }) => completeSandboxPayment(input)),
});
