// The Insights page (docs/decisions.md, "Insights"): anyone on the account reads its delivery figures.
import { z } from "zod";
import { router, accountProcedure } from "../init";
import { ANALYTICS_CHANNELS } from "../../modules/insights/delivery-dimensions";
import { insightsPage } from "../../modules/insights/insights-page";

export const insightsRouter = router({
  page: accountProcedure()
    .input(
      z.object({
        mode: z.enum(["live", "test"]),
        channel: z.enum(ANALYTICS_CHANNELS),
        days: z.union([z.literal(1), z.literal(7), z.literal(30), z.literal(90)]),
        filters: z.record(z.string(), z.string().trim().min(1).max(200)).default({}),
      }),
    )
    .query(({ input }) =>
      insightsPage({
        accountId: input.accountId,
        mode: input.mode,
        channel: input.channel,
        days: input.days,
        filters: input.filters,
      }),
    ),
});
