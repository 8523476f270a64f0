import { defineCommand, required } from "../command";
import { revokeApiKey } from "../../modules/keys/revoke-api-key";
import { cliActor, recordAudit } from "../../modules/audit/record-audit";

export default defineCommand({
  name: "key revoke",
  usage: "key revoke --id KEY_ID [--json]",
  options: { id: { type: "string" } },
  parse: (values) => ({ keyId: required(values, "id") }),
  async run({ keyId }) {
    const key = await revokeApiKey({ keyId });
    await recordAudit({ actor: cliActor(), action: "key.revoke", target: key.id });
    return {
      json: { id: key.id, revoked_at: key.revokedAt.toISOString() },
      text: `key ${key.id} revoked at ${key.revokedAt.toISOString()}`,
    };
  },
});
