import { db, type Tx } from "../../db/client";
import { newId } from "../../lib/ids";
import { generateKey, type KeyMode } from "./key-material";
import { SCOPES, type Scope } from "./scopes";

export type CreatedApiKey = {
  id: string;
  name: string;
  mode: KeyMode;
  prefix: string;
  scopes: Scope[];
  createdAt: Date;
  /** The full key: returned here once and never again. */
  key: string;
};

export async function createApiKey(
  input: { accountId: string; mode: KeyMode; name?: string; scopes?: readonly Scope[] },
  tx: Tx = db(),
): Promise<CreatedApiKey> {
  const { key, hash, prefix } = generateKey(input.mode);
  const scopes = [...new Set(input.scopes ?? SCOPES)];
  const row = await tx.apiKey.create({
    data: {
      id: newId("key"),
      accountId: input.accountId,
      name: input.name ?? (input.mode === "live" ? "Default live key" : "Default test key"),
      mode: input.mode,
      prefix,
      hash,
      scopes,
    },
  });
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    prefix,
    scopes: scopes as Scope[],
    createdAt: row.createdAt,
    key,
  };
}
