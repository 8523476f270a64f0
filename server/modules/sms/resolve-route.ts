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
 * The route and its price come from the destination's country alone. A
 * `region` (or `continent`) hint may only confirm where the number is: a hint
 * that names another part of the world is refused with INVALID_CONTINENT, so
 * a caller can never buy a French number at the African price.
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
  const field = input.region !== undefined ? "region" : "continent";
  const hint = input.region ?? input.continent;
  if (hint !== undefined && hint !== country.continent)
    throw new AppError("INVALID_CONTINENT", {
      message: `${country.name} is in ${country.continent}, not ${hint}: ${field} may only confirm the destination's, never change its route or price`,
      context: { field, destination: country.continent },
    });
  const price = prices.get(country.route);
  if (!price) throw new Error(`No SMS price for route ${country.route}`);
  return {
    country,
    route: country.route,
    region: country.continent,
    pricePerSegmentMicros: price.pricePerSegmentMicros,
    currency: price.currency,
  };
}
