import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";

export type Bundle = {
  id: string;
  network: string;
  capacityGb: number;
  validityDays: number;
  priceMicros: bigint;
  currency: string;
  providerCode: string;
};
export const NETWORKS = ["mtn", "telecel", "airteltigo"] as const;
export type Network = (typeof NETWORKS)[number];

/** A network name as SPEC takes it (any case); anything else is INVALID_NETWORK. */
export function parseNetwork(raw: unknown): Network {
  const network = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  if (!(NETWORKS as readonly string[]).includes(network)) {
    throw new AppError("INVALID_NETWORK", {
      message: `network must be one of ${NETWORKS.join(", ")} (any case)`,
      context: { allowed: NETWORKS },
    });
  }
  return network as Network;
}

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
