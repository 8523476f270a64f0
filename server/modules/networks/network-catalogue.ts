// The mobile networks of each country and the ranges first allocated to them (the mobile_networks tables), read
// once and kept: staff change them rarely, and every send and lookup asks.
import { db } from "../../db/client";
import { keptFor } from "../../config/per-configuration";

export type MobileNetwork = {
  id: string;
  countryIso: string;
  slug: string;
  name: string;
  mcc: string;
  mncs: string[];
  /** Leading digits of the national significant number. */
  prefixes: string[];
  /** Other names it trades or traded under ("Vodafone" for Telecel), for matching a top-up provider's operators. */
  tradeNames: string[];
  /** Its USSD screen in GSM-7 septets, where shorter than the standard's 182 (null: 182). */
  ussdScreenSeptets: number | null;
};

export type NetworkCatalogue = { byCountry: Map<string, MobileNetwork[]> };

const TTL_MS = 60_000;

const kept = keptFor(TTL_MS, async (): Promise<NetworkCatalogue> => {
  const rows = await db().mobileNetwork.findMany({
    include: { prefixes: { select: { prefix: true } } },
    orderBy: [{ countryIso: "asc" }, { name: "asc" }],
  });
  const byCountry = new Map<string, MobileNetwork[]>();
  for (const row of rows) {
    const network: MobileNetwork = {
      id: row.id,
      countryIso: row.countryIso,
      slug: row.slug,
      name: row.name,
      mcc: row.mcc,
      mncs: row.mncs,
      prefixes: row.prefixes.map((p) => p.prefix),
      tradeNames: row.tradeNames,
      ussdScreenSeptets: row.ussdScreenSeptets,
    };
    byCountry.set(row.countryIso, [...(byCountry.get(row.countryIso) ?? []), network]);
  }
  return { byCountry };
});

export function networkCatalogue(): Promise<NetworkCatalogue> {
  return kept.get();
}

/** After staff change networks in this process, show it at once here. */
export function forgetNetworks(): void {
  kept.forget();
}
