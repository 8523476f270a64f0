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

// Staff change bundles and prices in the database; every instance sees it within this long. (Which network a number
// is on: server/modules/networks.)
const TTL_MS = 30_000;
const kept = keptFor(TTL_MS, readCatalogue);

export function topupCatalogue(): Promise<{ bundles: Bundle[] }> {
  return kept.get();
}

async function readCatalogue() {
  const bundles = await db().dataBundle.findMany({
    where: { active: true },
    orderBy: [{ network: "asc" }, { capacityGb: "asc" }],
  });
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
  };
}
