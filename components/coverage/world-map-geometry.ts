import { feature } from "topojson-client";
import { geoEqualEarth, geoPath } from "d3-geo";
import countries from "i18n-iso-countries";
import world from "world-atlas/countries-110m.json";
import type { GeometryCollection, Topology } from "topojson-specification";

export const MAP_WIDTH = 960;
export const MAP_HEIGHT = 470;

export type CountryShape = { iso: string; d: string };

let shapes: CountryShape[] | undefined;

/**
 * Every country's outline as an SVG path, projected once on the server from world-atlas (Natural Earth at 1:110m,
 * shipped in the npm package: nothing is fetched at run time) and keyed by ISO alpha-2, as Kasa's coverage is.
 * Coordinates are rounded to a tenth of a pixel, which keeps the page's payload small.
 */
export function worldShapes(): CountryShape[] {
  if (shapes) return shapes;
  const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  const collection = feature(topology, topology.objects.countries);
  const projection = geoEqualEarth().fitSize([MAP_WIDTH, MAP_HEIGHT], collection);
  const path = geoPath(projection).digits(1);
  shapes = collection.features.flatMap((f) => {
    const iso = f.id === undefined ? undefined : countries.numericToAlpha2(String(f.id));
    const d = path(f);
    return iso && d ? [{ iso, d }] : [];
  });
  return shapes;
}
