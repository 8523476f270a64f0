import { db } from "../../db/client";
import { hashKey, KEY_PATTERN } from "./key-material";
import type { Scope } from "./scopes";

export type ApiCaller = {
  keyId: string;
  keyPrefix: string;
  mode: "test" | "live";
  scopes: Scope[];
  accountId: string;
  accountStatus: "active" | "suspended";
  planId: string;
  currency: string;
};

// A revoked key, or a suspended account, must stop working within 5 s on
// every instance (issue #3): results are kept that long and no longer.
const CACHE_TTL_MS = 5_000;
const CACHE_MAX_ENTRIES = 50_000;
const cache = new Map<string, { caller: ApiCaller | null; expires: number }>();

/** The key's caller, or null for an unknown or revoked key. Costs no query while cached. */
export async function resolveApiKey(key: string, now = Date.now()): Promise<ApiCaller | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const hash = hashKey(key);
  const hit = cache.get(hash);
  if (hit && hit.expires > now) return hit.caller;

  const row = await db().apiKey.findUnique({
    where: { hash },
    select: {
      id: true,
      prefix: true,
      mode: true,
      scopes: true,
      revokedAt: true,
      account: { select: { id: true, status: true, planId: true, currency: true } },
    },
  });
  const caller: ApiCaller | null =
    row && !row.revokedAt
      ? {
          keyId: row.id,
          keyPrefix: row.prefix,
          mode: row.mode,
          scopes: row.scopes as Scope[],
          accountId: row.account.id,
          accountStatus: row.account.status,
          planId: row.account.planId,
          currency: row.account.currency,
        }
      : null;
  if (cache.size >= CACHE_MAX_ENTRIES) cache.clear();
  cache.set(hash, { caller, expires: now + CACHE_TTL_MS });
  return caller;
}

/** Tests and the CLI use this to see a revocation at once in this process. */
export function forgetCachedKeys() {
  cache.clear();
}
