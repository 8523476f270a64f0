import { AppError } from "../../errors/app-error";
import { coverage, type CoverageCountry, type Route } from "../coverage/coverage-cache";

export const REGIONS = ["africa", "europe", "asia", "north_america"] as const;
export const CONTINENTS = ["africa", "europe", "asia", "north_america", "south_america", "oceania"] as const;

export type RoutePlan = {
  country: CoverageCountry;
  route: Route;
  region: string;
  pricePerSegmentMicros: bigint;
  currency: string;
};

/**
 * The route and its price. Without a hint they come from the destination's country. A `region` (SPEC 4.3: "forces
 * routing") or `continent` hint forces the route family of that part of the world: Africa's routes for `africa`
 * (the destination's own when it is African, else africa_regional), the global route for any other. The price is the
 * higher of the destination's own and the forced route's, so a hint can make a message dearer, never cheaper (a
 * French number hinted "africa" is routed through Africa at the global price). The answer's `route` and `region`
 * say what was used.
 */
export async function resolveRoute(input: {
  countryIso: string;
  region?: string;
  continent?: string;
}): Promise<RoutePlan> {
  const { byIso, prices } = await coverage();
  const country = byIso.get(input.countryIso);
  if (!country || !country.supported) {
    throw new AppError("INVALID_PHONE_NUMBER", {
      message: `Destination country ${input.countryIso} is not covered`,
      context: { field: "to" },
    });
  }
  if (input.region !== undefined && input.continent !== undefined && input.region !== input.continent)
    throw new AppError("INVALID_CONTINENT", {
      message: `region ${input.region} and continent ${input.continent} disagree: give one`,
      context: { field: "continent" },
    });
  const hint = input.region ?? input.continent;
  const route = hint === undefined ? country.route : forcedRoute(hint, country);
  const own = priceOf(prices, country.route);
  const forced = priceOf(prices, route);
  const price = forced.pricePerSegmentMicros > own.pricePerSegmentMicros ? forced : own;
  return {
    country,
    route,
    region: hint ?? country.continent,
    pricePerSegmentMicros: price.pricePerSegmentMicros,
    currency: price.currency,
  };
}

/** The route family a hint names, for this destination. */
function forcedRoute(hint: string, country: CoverageCountry): Route {
  if (hint !== "africa") return "global";
  return country.continent === "africa" ? country.route : "africa_regional";
}

function priceOf(prices: Awaited<ReturnType<typeof coverage>>["prices"], route: Route) {
  const price = prices.get(route);
  if (!price) throw new Error(`No SMS price for route ${route}`);
  return price;
}
