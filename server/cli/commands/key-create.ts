import { defineCommand, optional, required, UsageError } from "../command";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { createApiKey } from "../../modules/keys/create-api-key";
import { isScope, SCOPES, type Scope } from "../../modules/keys/scopes";

export default defineCommand({
  name: "key create",
  usage: "key create --account ID --mode test|live [--scopes a,b] [--name N] [--json]",
  options: {
    account: { type: "string" },
    mode: { type: "string" },
    scopes: { type: "string" },
    name: { type: "string" },
  },
  parse(values) {
    const mode = required(values, "mode");
    if (mode !== "test" && mode !== "live") throw new UsageError("--mode must be test or live");
    const scopesText = optional(values, "scopes");
    let scopes: Scope[] | undefined;
    if (scopesText !== undefined) {
      const list = scopesText
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = list.filter((s) => !isScope(s));
      if (list.length === 0 || unknown.length > 0) {
        throw new UsageError(`--scopes: unknown ${unknown.join(", ") || "(empty)"}; valid: ${SCOPES.join(", ")}`);
      }
      scopes = list as Scope[];
    }
    return {
      accountId: required(values, "account"),
      mode: mode as "test" | "live",
      scopes,
      name: optional(values, "name"),
    };
  },
  async run(args) {
    const account = await db().account.findUnique({ where: { id: args.accountId }, select: { id: true } });
    if (!account) throw new AppError("NOT_FOUND", { message: `No account ${args.accountId}` });
    const key = await createApiKey(args);
    return {
      json: { id: key.id, key: key.key, mode: key.mode, prefix: key.prefix, scopes: key.scopes },
      text: `key ${key.id} (${key.mode}): ${key.key}\nscopes: ${key.scopes.join(", ")}`,
    };
  },
});
