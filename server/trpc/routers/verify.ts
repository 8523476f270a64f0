// The Verify page (docs/decisions.md, "Verify"): recent verifications, their figures, the fraud guard's blocks and the
// geo-permissions. Anyone on the account reads; owners choose the countries and lift blocks.
import { z } from "zod";
import { router, accountProcedure } from "../init";
import { listVerifications } from "../../modules/verify/list-verifications";
import { verifyStats } from "../../modules/verify/verify-stats";
import { listVerifyBlocks } from "../../modules/verify/list-verify-blocks";
import { liftVerifyBlock } from "../../modules/verify/lift-verify-block";
import { setVerifyCountries, verifyGeoSettings } from "../../modules/verify/geo-permissions";

const mode = z.enum(["live", "test"]);

export const verifyRouter = router({
  list: accountProcedure()
    .input(
      z.object({
        mode,
        status: z.enum(["pending", "approved", "failed", "expired"]).optional(),
        before: z.iso.datetime().optional(),
      }),
    )
    .query(({ input }) =>
      listVerifications({
        accountId: input.accountId,
        mode: input.mode,
        status: input.status,
        before: input.before ? new Date(input.before) : undefined,
      }),
    ),
  stats: accountProcedure()
    .input(z.object({ mode }))
    .query(({ input }) => verifyStats({ accountId: input.accountId, mode: input.mode })),
  blocks: accountProcedure()
    .input(z.object({ mode }))
    .query(({ input }) => listVerifyBlocks(input.accountId, input.mode)),
  geo: accountProcedure().query(({ input }) => verifyGeoSettings(input.accountId)),
  setGeo: accountProcedure("owner")
    .input(z.object({ countries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(300) }))
    .mutation(({ input, ctx }) =>
      setVerifyCountries({ accountId: input.accountId, countries: input.countries, actor: ctx.user.id }),
    ),
  liftBlock: accountProcedure("owner")
    .input(z.object({ blockId: z.string().min(1).max(64) }))
    .mutation(({ input, ctx }) =>
      liftVerifyBlock({ accountId: input.accountId, blockId: input.blockId, actor: ctx.user.id }),
    ),
});
