import { db } from "../../db/client";

export type Route = "africa_local" | "africa_regional" | "global";
export type CoverageCountry = { iso2: string; name: string; dialingCode: string; continent: string; route: Route; supported: boolean; senderIdSupported: boolean };
export type RoutePrice = { route: Route; pricePerSegmentMicros: bigint; currency: string; description: string };

// Staff edit coverage and prices in the database; every instance sees a change
// within this long, without a deploy and without a query per request.
const TTL_MS = 30_000;
let cached: { expires: number; countries: CoverageCountry[]; byIso: Map<string, CoverageCountry>; prices: Map<Route, RoutePrice> } | undefined;

export async function coverage() {
  if (cached && cached.expires > Date.now()) return cached;
  const [countries, prices] = await Promise.all([
    db().country.findMany({ orderBy: { name: "asc" } }),
    db().smsPrice.findMany(),
  ]);
  cached = {
    expires: Date.now() + TTL_MS,
    countries,
    byIso: new Map(countries.map((c) => [c.iso2, c])),
    prices: new Map(prices.map((p) => [p.route, p])),
  };
  return cached;
}

/** After staff change coverage in this process, show it at once here. */
export function forgetCoverage() {
  cached = undefined;
}
