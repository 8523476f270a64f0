import { toAmountNumber } from "../../lib/money";
import { parseNetwork, topupCatalogue } from "./topup-catalogue";

/** GET /api/v1/data/bundles?network=: the catalogue with prices. */
export async function listBundles(input: { network?: string }) {
  const network = input.network?.trim() ? parseNetwork(input.network) : undefined;
  const bundles = (await topupCatalogue()).bundles.filter((b) => !network || b.network === network);
  return {
    bundles: bundles.map((b) => ({
      id: b.id,
      network: b.network,
      capacity_gb: b.capacityGb,
      validity_days: b.validityDays,
      price: { amount: toAmountNumber(b.priceMicros), currency: b.currency },
    })),
    total: bundles.length,
  };
}
