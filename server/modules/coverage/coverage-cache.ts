import { db } from "../../db/client";
import type { CountryRule } from "../../db/generated/client";
import { keptFor } from "../../config/per-configuration";

export type Route = "africa_local" | "africa_regional" | "global";
export type CoverageCountry = {
  iso2: string;
  name: string;
  dialingCode: string;
  continent: string;
  route: Route;
  supported: boolean;
  senderIdSupported: boolean;
};
export type RoutePrice = { route: Route; pricePerSegmentMicros: bigint; currency: string; description: string };

// Staff edit coverage and prices in the database; every instance sees a change
// within this long, without a deploy and without a query per request.
const TTL_MS = 30_000;
export type { CountryRule } from "../../db/generated/client";
type Coverage = {
  countries: CoverageCountry[];
  byIso: Map<string, CoverageCountry>;
  prices: Map<Route, RoutePrice>;
  /** Carrier names per route, in order; a route missing here uses every configured carrier. */
  routeCarriers: Map<Route, string[]>;
  countryRules: CountryRule[];
};
const kept = keptFor(TTL_MS, readCoverage);

export function coverage(): Promise<Coverage> {
  return kept.get();
}

async function readCoverage(): Promise<Coverage> {
  const [countries, prices, routeRows, countryRules] = await Promise.all([
    db().country.findMany({ orderBy: { name: "asc" } }),
    db().smsPrice.findMany(),
    db().smsRouteCarrier.findMany({ orderBy: [{ route: "asc" }, { position: "asc" }] }),
    db().countryRule.findMany({ orderBy: [{ countryIso: "asc" }, { category: "asc" }] }),
  ]);
  const routeCarriers = new Map<Route, string[]>();
  for (const row of routeRows) routeCarriers.set(row.route, [...(routeCarriers.get(row.route) ?? []), row.carrier]);
  return {
    countries,
    byIso: new Map(countries.map((c) => [c.iso2, c])),
    prices: new Map(prices.map((p) => [p.route, p])),
    routeCarriers,
    countryRules,
  };
}

/** After staff change coverage in this process, show it at once here. */
export function forgetCoverage() {
  kept.forget();
}
