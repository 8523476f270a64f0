import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { addDomain } from "../../modules/domains/add-domain";
import { verifyDomain } from "../../modules/domains/verify-domain";
import { deleteDomain, listDomains, makePrimary } from "../../modules/domains/manage-domains";
import { addDomainInput, domainIdInput, domainTrackingInput } from "../../modules/domains/schemas";
import { setDomainTracking } from "../../modules/domains/set-domain-tracking";
import { useCaseInput } from "../use-case-input";

const domainId = useCaseInput(domainIdInput);

export const domainsRouter = router({
  list: accountProcedure().query(({ input }) => listDomains({ accountId: input.accountId })),
  add: accountProcedure("developer", { active: true })
    .input(useCaseInput(addDomainInput))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "domain.added",
        () => addDomain({ accountId: input.accountId, name: input.name }),
        (d) => ({ target: d.id, data: { name: input.name } }),
      ),
    ),
  verify: accountProcedure("developer", { active: true })
    .input(domainId)
    .mutation(({ input }) => verifyDomain({ accountId: input.accountId, domainId: input.id })),
  makePrimary: accountProcedure("developer")
    .input(domainId)
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "domain.made_primary",
        () => makePrimary({ accountId: input.accountId, id: input.id }),
        () => ({ target: input.id }),
      ),
    ),
  setTracking: accountProcedure("developer")
    .input(useCaseInput(domainTrackingInput))
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "domain.tracking_changed",
        () =>
          setDomainTracking({
            accountId: input.accountId,
            id: input.id,
            openTracking: input.open_tracking,
            clickTracking: input.click_tracking,
          }),
        () => ({
          target: input.id,
          data: { open_tracking: input.open_tracking, click_tracking: input.click_tracking },
        }),
      ),
    ),
  remove: accountProcedure("developer")
    .input(domainId)
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "domain.removed",
        () => deleteDomain({ accountId: input.accountId, id: input.id }),
        () => ({ target: input.id }),
      ),
    ),
});
