import { db } from "../../db/client";
import { keptFor } from "../../config/per-configuration";

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
const kept = keptFor(TTL_MS, readCatalogue);

export function topupCatalogue(): Promise<{ bundles: Bundle[]; prefixes: Map<string, Network> }> {
  return kept.get();
}

async function readCatalogue() {
  const [bundles, prefixes] = await Promise.all([
    db().dataBundle.findMany({ where: { active: true }, orderBy: [{ network: "asc" }, { capacityGb: "asc" }] }),
    db().ghNetworkPrefix.findMany(),
  ]);
  return {
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
}
