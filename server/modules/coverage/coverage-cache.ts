import { db } from "../../db/client";

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
export type ContentRule = {
  id: string;
  countryIso: string;
  category: string;
  blockedWeekdays: number[];
  blockedFromHour: number | null;
  blockedToHour: number | null;
  timeZone: string;
  description: string;
};
type Coverage = {
  expires: number;
  countries: CoverageCountry[];
  byIso: Map<string, CoverageCountry>;
  prices: Map<Route, RoutePrice>;
  /** Carrier names per route, in order; a route missing here uses every configured carrier. */
  routeCarriers: Map<Route, string[]>;
  contentRules: ContentRule[];
};
let cached: Coverage | undefined;

export async function coverage(): Promise<Coverage> {
  if (cached && cached.expires > Date.now()) return cached;
  const [countries, prices, routeRows, contentRules] = await Promise.all([
    db().country.findMany({ orderBy: { name: "asc" } }),
    db().smsPrice.findMany(),
    db().smsRouteCarrier.findMany({ orderBy: [{ route: "asc" }, { position: "asc" }] }),
    db().smsContentRule.findMany(),
  ]);
  const routeCarriers = new Map<Route, string[]>();
  for (const row of routeRows) routeCarriers.set(row.route, [...(routeCarriers.get(row.route) ?? []), row.carrier]);
  cached = {
    expires: Date.now() + TTL_MS,
    countries,
    byIso: new Map(countries.map((c) => [c.iso2, c])),
    prices: new Map(prices.map((p) => [p.route, p])),
    routeCarriers,
    contentRules,
  };
  return cached;
}

/** After staff change coverage in this process, show it at once here. */
export function forgetCoverage() {
  cached = undefined;
}
