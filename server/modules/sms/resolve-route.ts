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
 * The route comes from the destination's country in the coverage table. A
 * `region` (or `continent`) hint forces the route family: "africa" sends over
 * the African routes, any other region over global. Without a hint the
 * region is the destination's continent.
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
  const hint = input.region ?? input.continent;
  let route = country.route;
  if (hint === "africa" && route === "global") route = "africa_regional";
  if (hint && hint !== "africa") route = "global";
  const price = prices.get(route);
  if (!price) throw new Error(`No SMS price for route ${route}`);
  return {
    country,
    route,
    region: hint ?? country.continent,
    pricePerSegmentMicros: price.pricePerSegmentMicros,
    currency: price.currency,
  };
}
