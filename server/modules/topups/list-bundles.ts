import { toAmountNumber } from "../../lib/money";
import { topupCatalogue } from "./topup-catalogue";
import { NETWORKS, type Network } from "./networks";
import { oneOf } from "../../lib/one-of";

/** GET /api/v1/data/bundles?network=: the catalogue with prices. */
export async function listBundles({ network }: { network?: Network }) {
  const bundles = (await topupCatalogue()).bundles.filter((b) => !network || b.network === network);
  return {
    bundles: bundles.map((b) => ({
      id: b.id,
      network: oneOf(b.network, NETWORKS),
      capacity_gb: b.capacityGb,
      validity_days: b.validityDays,
      price: { amount: toAmountNumber(b.priceMicros), currency: b.currency },
    })),
    total: bundles.length,
  };
}
