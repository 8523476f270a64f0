import { z } from "zod";
import { TRPCError } from "@trpc/server";
import { router, publicProcedure } from "../init";
import { staffSearch } from "../../modules/staff/staff-search";
import { transactionTimeline } from "../../modules/staff/transaction-timeline";
import { staffAccount } from "../../modules/staff/staff-account";
import { adjustBalance } from "../../modules/staff/adjust-balance";
import { changePlan } from "../../modules/staff/change-plan";
import { decideSenderIdAsStaff } from "../../modules/staff/decide-sender-id-as-staff";
import { senderIdQueue } from "../../modules/staff/sender-id-queue";
import { refundTransaction } from "../../modules/staff/refund-transaction";
import { replayDeliveryAsStaff } from "../../modules/staff/replay-delivery-as-staff";
import { setAccountStatusAsStaff } from "../../modules/staff/set-account-status-as-staff";
import { overrideDomainVerification } from "../../modules/staff/override-domain-verification";
import { operationsOverview } from "../../modules/staff/operations-overview";
import { carriersByNetwork } from "../../modules/staff/carriers-by-network";
import { setRouteOrder } from "../../modules/staff/set-route-order";
import { setRoutePrice } from "../../modules/staff/set-route-price";
import { setCountryCoverage } from "../../modules/staff/set-country-coverage";
import { removeCountryRule, RULE_CATEGORIES, setCountryRule } from "../../modules/coverage/set-country-rule";
import { requireReason, staffActor } from "../../modules/staff/staff-actor";
import { staffUssdOverview } from "../../modules/ussd/staff-ussd-overview";
import { assignUssdCodeAsStaff } from "../../modules/staff/assign-ussd-code-as-staff";

/**
 * Staff only. Anyone else, signed in or not, gets word for word what tRPC
 * answers for a procedure that does not exist, as /admin pages answer 404:
 * the staff surface cannot be mapped from outside.
 */
const staffProcedure = publicProcedure.use(({ ctx, path, next }) => {
  // Staff without a second factor are treated as no staff at all: the console moves money.
  if (!ctx.user?.isStaff || !ctx.user.hasSecondFactor)
    throw new TRPCError({ code: "NOT_FOUND", message: `No procedure found on path "${path}"` });
  return next({ ctx: { user: ctx.user, staff: { id: ctx.user.id, email: ctx.user.email } } });
});
const reason = z.string();
const route = z.enum(["africa_local", "africa_regional", "global"]);

export const staffRouter = router({
  search: staffProcedure.input(z.object({ q: z.string().max(200) })).query(({ input }) => staffSearch(input.q)),
  transaction: staffProcedure
    .input(z.object({ id: z.string().max(100) }))
    .query(({ input }) => transactionTimeline(input.id)),
  account: staffProcedure.input(z.object({ id: z.string().max(100) })).query(({ input }) => staffAccount(input.id)),
  ussd: staffProcedure.input(z.object({ id: z.string().max(100) })).query(({ input }) => staffUssdOverview(input.id)),
  assignUssdCode: staffProcedure
    .input(
      z.object({ accountId: z.string().max(100), code: z.string().max(40), mode: z.enum(["live", "test"]), reason }),
    )
    .mutation(({ ctx, input }) => assignUssdCodeAsStaff(ctx.staff, input)),
  operations: staffProcedure.query(() => operationsOverview()),
  carriersByNetwork: staffProcedure.query(() => carriersByNetwork()),
  senderIdQueue: staffProcedure.query(() => senderIdQueue()),
  setStatus: staffProcedure
    .input(z.object({ accountId: z.string(), status: z.enum(["active", "suspended"]), reason }))
    .mutation(({ ctx, input }) => setAccountStatusAsStaff(ctx.staff, input)),
  adjustBalance: staffProcedure
    .input(z.object({ accountId: z.string(), amount: z.number(), reason }))
    .mutation(({ ctx, input }) => adjustBalance(ctx.staff, input)),
  changePlan: staffProcedure
    .input(z.object({ accountId: z.string(), planId: z.string(), reason }))
    .mutation(({ ctx, input }) => changePlan(ctx.staff, input)),
  decideSenderId: staffProcedure
    .input(
      z.object({ id: z.string(), status: z.enum(["approved", "rejected"]), network: z.string().optional(), reason }),
    )
    .mutation(({ ctx, input }) => decideSenderIdAsStaff(ctx.staff, input)),
  verifyDomain: staffProcedure
    .input(z.object({ domainId: z.string(), reason }))
    .mutation(({ ctx, input }) => overrideDomainVerification(ctx.staff, input)),
  refund: staffProcedure
    .input(z.object({ transactionId: z.string(), reason }))
    .mutation(({ ctx, input }) => refundTransaction(ctx.staff, input)),
  replayDelivery: staffProcedure
    .input(z.object({ deliveryId: z.string().uuid(), reason }))
    .mutation(({ ctx, input }) => replayDeliveryAsStaff(ctx.staff, input)),
  setRoute: staffProcedure
    .input(z.object({ route, carriers: z.array(z.string().min(1)).min(1), reason }))
    .mutation(({ ctx, input }) => setRouteOrder(ctx.staff, input)),
  setPrice: staffProcedure
    .input(z.object({ route, price: z.number(), reason }))
    .mutation(({ ctx, input }) => setRoutePrice(ctx.staff, input)),
  setCountry: staffProcedure
    .input(z.object({ iso: z.string().length(2), route, supported: z.boolean(), reason }))
    .mutation(({ ctx, input }) => setCountryCoverage(ctx.staff, input)),
  setCountryRule: staffProcedure
    .input(
      z.object({
        countryIso: z.string().length(2),
        category: z.enum(RULE_CATEGORIES),
        days: z.array(z.number().int()).max(7),
        opensMinute: z.number().int().nullable(),
        closesMinute: z.number().int().nullable(),
        timeZone: z.string().max(64),
        requiresConsent: z.boolean(),
        description: z.string().max(200),
        reason,
      }),
    )
    .mutation(({ ctx, input: { reason, ...rule } }) =>
      setCountryRule({ rule, actor: staffActor(ctx.staff), reason: requireReason(reason) }),
    ),
  removeCountryRule: staffProcedure
    .input(z.object({ countryIso: z.string().length(2), category: z.enum(RULE_CATEGORIES), reason }))
    .mutation(({ ctx, input: { reason, ...rule } }) =>
      removeCountryRule({ ...rule, actor: staffActor(ctx.staff), reason: requireReason(reason) }),
    ),
});
