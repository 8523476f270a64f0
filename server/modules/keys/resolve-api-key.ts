import { LRUCache } from "lru-cache";
import { db } from "../../db/client";
import { perConfiguration } from "../../config/per-configuration";
import { hashKey, KEY_PATTERN } from "./key-material";
import type { Scope } from "./scopes";

export type ApiCaller = {
  keyId: string;
  keyPrefix: string;
  mode: "test" | "live";
  scopes: Scope[];
  accountId: string;
  accountStatus: "active" | "suspended";
  /** An owner of the account has proven their address; live keys wait for it (docs/decisions.md, "Authentication and API keys"). */
  ownerEmailVerified: boolean;
  planId: string;
  currency: string;
};

/** What most use cases need of a caller: whose data, and in which mode. The dashboard has one without a key. */
export type AccountScope = Pick<ApiCaller, "accountId" | "mode">;

// A revoked key, or a suspended account, must stop working within 5 s on
// every instance (docs/decisions.md, "Authentication and API keys"): results are kept that long and no longer. Known
// keys and unknown ones live in separate LRUs: a flood of random keys fills
// and evicts only the unknown ones, never the keys real customers use.
const CACHE_TTL_MS = 5_000;
export const KEY_CACHE_LIMITS = { known: 50_000, unknown: 10_000 };
type Entry = { caller: ApiCaller | null; expires: number };
let limits = KEY_CACHE_LIMITS;
const caches = perConfiguration(() => ({
  known: new LRUCache<string, Entry>({ max: limits.known }),
  unknown: new LRUCache<string, Entry>({ max: limits.unknown }),
}));

/** The key's caller, or null for an unknown or revoked key. Costs no query while cached. */
export async function resolveApiKey(key: string, now = Date.now()): Promise<ApiCaller | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const hash = hashKey(key);
  const { known, unknown } = caches.get();
  const hit = known.get(hash) ?? unknown.get(hash);
  if (hit && hit.expires > now) return hit.caller;

  const row = await db().apiKey.findUnique({
    where: { hash },
    select: {
      id: true,
      prefix: true,
      mode: true,
      scopes: true,
      revokedAt: true,
      account: {
        select: {
          id: true,
          status: true,
          planId: true,
          currency: true,
          memberships: {
            where: { role: "owner", user: { emailVerifiedAt: { not: null } } },
            select: { userId: true },
            take: 1,
          },
        },
      },
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
          ownerEmailVerified: row.account.memberships.length > 0,
          planId: row.account.planId,
          currency: row.account.currency,
        }
      : null;
  (caller ? unknown : known).delete(hash); // a key revoked, or created, since it was last looked up
  (caller ? known : unknown).set(hash, { caller, expires: now + CACHE_TTL_MS });
  return caller;
}

/** Tests and the CLI use this to see a revocation at once in this process. */
export function forgetCachedKeys() {
  caches.forget();
}

/** Tests shrink the caches to attack them at a size they can fill. */
export function sizeKeyCaches(sizes: { known: number; unknown: number }) {
  limits = sizes;
  caches.forget();
}

/** Whether a key's answer is cached (a request with it would cost no query). */
export function isKeyCached(key: string): boolean {
  const hash = hashKey(key);
  const { known, unknown } = caches.get();
  return known.has(hash) || unknown.has(hash);
}
