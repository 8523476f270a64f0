import { defineCommand, required } from "../command";
import { revokeApiKey } from "../../modules/keys/revoke-api-key";

export default defineCommand({
  name: "key revoke",
  usage: "key revoke --id KEY_ID [--json]",
  options: { id: { type: "string" } },
  parse: (values) => ({ keyId: required(values, "id") }),
  async run({ keyId }) {
    const key = await revokeApiKey({ keyId });
    return { json: { id: key.id, revoked_at: key.revokedAt.toISOString() }, text: `key ${key.id} revoked at ${key.revokedAt.toISOString()}` };
  },
});
