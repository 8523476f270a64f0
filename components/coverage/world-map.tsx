"use client";
import type { CountryShape } from "./world-map-geometry";

export type MapCountry = {
  iso_code: string;
  country: string;
  route: string;
  supported: boolean;
  price_per_segment: string | null;
};

/** Route colours; a country Kasa does not send to is grey. */
export const ROUTE_COLOURS: Record<string, { fill: string; label: string }> = {
  africa_local: { fill: "#1f9d63", label: "Africa local" },
  africa_regional: { fill: "#7cc8a0", label: "Africa regional" },
  global: { fill: "#6b8fd6", label: "Global" },
};
const UNCOVERED = "#e2e8f0";

/**
 * The coverage map: each country coloured by its route (and so its price), the selected one outlined. A click
 * opens its panel; keyboard and screen-reader users reach the same panel from the table below, so the drawing is
 * one image with a summary, not 170 tab stops.
 */
export function WorldMap({
  shapes,
  countries,
  matching,
  selected,
  onSelect,
  summary,
}: {
  shapes: CountryShape[];
  countries: Map<string, MapCountry>;
  /** Countries the search and route filter keep; the others are drawn faded. */
  matching: Set<string> | null;
  selected: string | null;
  onSelect: (iso: string) => void;
  summary: string;
}) {
  return (
    <svg viewBox="0 0 960 470" role="img" aria-label={summary} className="h-auto w-full" data-testid="coverage-map">
      {shapes.map(({ iso, d }) => {
        const c = countries.get(iso);
        const fill = c?.supported ? (ROUTE_COLOURS[c.route]?.fill ?? UNCOVERED) : UNCOVERED;
        const faded = matching !== null && !matching.has(iso);
        return (
          <path
            key={iso}
            d={d}
            fill={fill}
            opacity={faded ? 0.25 : 1}
            stroke={selected === iso ? "#0f172a" : "#ffffff"}
            strokeWidth={selected === iso ? 1.5 : 0.5}
            className={c ? "cursor-pointer hover:opacity-80" : undefined}
            onClick={c ? () => onSelect(iso) : undefined}
            data-iso={iso}
          >
            <title>
              {c
                ? `${c.country}: ${c.supported ? `${c.route}, $${c.price_per_segment} per segment` : "not covered"}`
                : iso}
            </title>
          </path>
        );
      })}
    </svg>
  );
}
