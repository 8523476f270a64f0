import { db } from "../../db/client";

export type Bundle = {
  id: string;
  network: string;
  capacityGb: number;
  validityDays: number;
  priceMicros: bigint;
  currency: string;
  providerCode: string;
};
import type { Network } from "./networks";

// Staff change bundles, prices and prefixes in the database; every instance sees it within this long.
const TTL_MS = 30_000;
let cached: { expires: number; bundles: Bundle[]; prefixes: Map<string, Network> } | undefined;

export async function topupCatalogue() {
  if (cached && cached.expires > Date.now()) return cached;
  const [bundles, prefixes] = await Promise.all([
    db().dataBundle.findMany({ where: { active: true }, orderBy: [{ network: "asc" }, { capacityGb: "asc" }] }),
    db().ghNetworkPrefix.findMany(),
  ]);
  cached = {
    expires: Date.now() + TTL_MS,
    bundles: bundles.map((b) => ({
      id: b.id,
      network: b.network,
      capacityGb: Number(b.capacityGb),
      validityDays: b.validityDays,
      priceMicros: b.priceMicros,
      currency: b.currency,
      providerCode: b.providerCode,
    })),
    prefixes: new Map(prefixes.map((p) => [p.prefix, p.network as Network])),
  };
  return cached;
}
