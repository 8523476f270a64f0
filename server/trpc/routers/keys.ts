import { router, accountProcedure } from "../init";
import { createKeyInput, revokeKeyInput } from "../../modules/keys/schemas";
import { listApiKeys } from "../../modules/keys/list-api-keys";
import { createApiKey } from "../../modules/keys/create-api-key";
import { revokeApiKey } from "../../modules/keys/revoke-api-key";

export const keysRouter = router({
  list: accountProcedure().query(({ input }) => listApiKeys({ accountId: input.accountId })),
  // Viewers can look; only developers and owners hold secrets.
  create: accountProcedure("developer", { active: true })
    .input(createKeyInput)
    .mutation(({ input }) => createApiKey(input)),
  revoke: accountProcedure("developer")
    .input(revokeKeyInput)
    .mutation(({ input }) => revokeApiKey({ keyId: input.keyId, accountId: input.accountId })),
});
