import { AppError } from "../../errors/app-error";
import { toAmountNumber } from "../../lib/money";
import { NETWORKS, topupCatalogue } from "./topup-catalogue";

/** GET /api/v1/data/bundles?network=: the catalogue with prices. */
export async function listBundles(input: { network?: string }) {
  const network = input.network?.trim().toLowerCase();
  if (network && !(NETWORKS as readonly string[]).includes(network)) throw new AppError("INVALID_NETWORK", { message: `network must be one of ${NETWORKS.join(", ")} (any case)`, context: { allowed: NETWORKS } });
  const bundles = (await topupCatalogue()).bundles.filter((b) => !network || b.network === network);
  return {
    bundles: bundles.map((b) => ({ id: b.id, network: b.network, capacity_gb: b.capacityGb, validity_days: b.validityDays, price: { amount: toAmountNumber(b.priceMicros), currency: b.currency } })),
    total: bundles.length,
  };
}
