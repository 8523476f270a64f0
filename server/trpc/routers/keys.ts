import { router, accountProcedure } from "../init";
import { audited } from "../audited";
import { createKeyInput, revokeKeyInput } from "../../modules/keys/schemas";
import { listApiKeys } from "../../modules/keys/list-api-keys";
import { createApiKey } from "../../modules/keys/create-api-key";
import { revokeApiKey } from "../../modules/keys/revoke-api-key";
import { rotateTryItKey } from "../../modules/keys/try-it-key";

export const keysRouter = router({
  list: accountProcedure().query(({ input }) => listApiKeys({ accountId: input.accountId })),
  // Viewers can look; only developers and owners hold secrets.
  create: accountProcedure("developer", { active: true })
    .input(createKeyInput)
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "key.created",
        () => createApiKey(input),
        (key) => ({
          target: key.id,
          data: { name: key.name, mode: key.mode, prefix: key.prefix },
        }),
      ),
    ),
  revoke: accountProcedure("developer")
    .input(revokeKeyInput)
    .mutation(({ input, ctx }) =>
      audited(
        { user: ctx.user, accountId: input.accountId },
        "key.revoked",
        () => revokeApiKey({ keyId: input.keyId, accountId: input.accountId }),
        () => ({ target: input.keyId }),
      ),
    ),
  // The API reference's "Try it": a fresh test key, the previous Try-it key revoked (try-it-key.ts).
  tryIt: accountProcedure("developer", { active: true }).mutation(({ input, ctx }) =>
    audited(
      { user: ctx.user, accountId: input.accountId },
      "key.created",
      () => rotateTryItKey(input.accountId, ctx.user.id),
      (key) => ({ target: key.id, data: { name: key.name, mode: key.mode, prefix: key.prefix } }),
    ),
  ),
});
