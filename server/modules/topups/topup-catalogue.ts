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
import { NETWORKS, type Network } from "./networks";

// Staff change bundles, prices and prefixes in the database; every instance sees it within this long.
const TTL_MS = 30_000;
const kept = keptFor(TTL_MS, readCatalogue);

export function topupCatalogue(): Promise<{ bundles: Bundle[]; prefixes: Map<string, Network> }> {
  return kept.get();
}

async function readCatalogue() {
  const [bundles, prefixes] = await Promise.all([
    db().dataBundle.findMany({ where: { active: true }, orderBy: [{ network: "asc" }, { capacityGb: "asc" }] }),
    db().mobileNetworkPrefix.findMany({ where: { countryIso: "GH" }, select: { prefix: true, network: true } }),
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
    // Ghana's ranges as the 0XX a local number starts with, for the networks Kasa sells top-ups on.
    prefixes: new Map(
      prefixes
        .filter((p) => (NETWORKS as readonly string[]).includes(p.network.slug))
        .map((p) => [`0${p.prefix}`, p.network.slug as Network]),
    ),
  };
}
