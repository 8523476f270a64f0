"use client";
import { useDeferredValue, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { pillClass } from "../ui/pill";
import { PageHeader } from "../ui/page-header";
import { Badge } from "../ui/badge";
import { TableHead } from "../ui/table-head";
import { countOf } from "../ui/plural";
import { LoadingBlock } from "../ui/loading-block";
import { ScrollRegion } from "../ui/scroll-region";
import type { CountryShape } from "./world-map-geometry";
import { ROUTE_COLOURS, WorldMap } from "./world-map";
import { PriceCalculator } from "./price-calculator";
import { CountryPanel } from "./country-panel";

const ROUTES = [
  { id: undefined, label: "All routes" },
  { id: "africa_local", label: "Africa local" },
  { id: "africa_regional", label: "Africa regional" },
  { id: "global", label: "Global" },
] as const;
type RouteId = (typeof ROUTES)[number]["id"];
// A phone renders the first rows at once; the rest are one tap (or a search) away.
const FIRST_ROWS = 50;

export function CoverageBrowser({ accountId, shapes }: { accountId: string; shapes: CountryShape[] }) {
  const trpc = useTRPC();
  const [selected, setSelected] = useState<string | null>(null);
  // The map and the calculator always show every country; the filters narrow the table and fade the map.
  const { data: all } = useQuery(trpc.coverage.list.queryOptions({ accountId }));
  const [q, setQ] = useState("");
  const [route, setRoute] = useState<RouteId>(undefined);
  const search = useDeferredValue(q);
  const [showAll, setShowAll] = useState(false);
  const { data } = useQuery({
    ...trpc.coverage.list.queryOptions({ accountId, q: search || undefined, route }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <PageHeader
        title="Coverage"
        description="Where SMS can go, on which route, at what price, and whether a sender ID works there. Routes change over time: read them from GET /api/v1/sms/countries rather than hard-coding them."
      />
      {/* Until the first answer brings the route cards above the filters, nothing shows below the header: nothing moves. */}
      {!data ? (
        <LoadingBlock className="h-screen" />
      ) : (
        <>
          {data && (
            <div className="mb-4 grid gap-3 sm:grid-cols-3">
              {Object.values(data.routes).map((r) => (
                <div key={r.name} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
                  <p className="font-mono text-xs font-semibold text-slate-800">{r.name}</p>
                  <p className="mt-1 text-xs text-slate-600">{r.description}</p>
                  <p className="mt-2 text-sm">
                    <span className="font-semibold">
                      {r.price_per_segment ? `$${r.price_per_segment.amount.toFixed(3)}` : "—"}
                    </span>{" "}
                    <span className="text-muted">per segment · {countOf(r.countries, "country", "countries")}</span>
                  </p>
                </div>
              ))}
            </div>
          )}
          {all && (
            <CoverageOverview
              shapes={shapes}
              all={all.countries}
              filtered={search || route ? data.countries : null}
              selected={selected}
              onSelect={setSelected}
            />
          )}
          {selected && <CountryPanel accountId={accountId} iso={selected} onClose={() => setSelected(null)} />}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <input
              aria-label="Search countries"
              placeholder="Search by country or dialing code"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              className="w-72 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
            />
            <div role="group" aria-label="Route" className="flex gap-1">
              {ROUTES.map((r) => (
                <button
                  key={r.label}
                  onClick={() => setRoute(r.id)}
                  aria-pressed={route === r.id}
                  className={pillClass(route === r.id)}
                >
                  {r.label}
                </button>
              ))}
            </div>
            {data && (
              <span className="text-sm text-muted" data-testid="coverage-total">
                {countOf(data.total, "country", "countries")}
              </span>
            )}
          </div>
          <ScrollRegion
            className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm"
            label="Countries"
          >
            {/* The price second and the dialing code under the name: on a phone, what a person came for (the
                country and what it costs) is on screen, the rest a swipe away. */}
            <table className="w-full min-w-[720px] text-left text-sm">
              <TableHead columns={["Country", ">Per segment", "Route", "Networks", "Sender ID", "Default sender"]} />
              <tbody className="divide-y divide-slate-100">
                {data?.countries.slice(0, showAll ? undefined : FIRST_ROWS).map((c) => (
                  <tr key={c.iso_code} data-testid="coverage-row">
                    <td className="px-4 py-2.5 font-medium">
                      <button
                        type="button"
                        onClick={() => setSelected(c.iso_code)}
                        className="text-left text-brand-700 hover:underline"
                        aria-label={`${c.country}: details`}
                      >
                        {c.country}
                      </button>{" "}
                      <span className="block text-xs font-normal text-muted">
                        {c.iso_code} · <span className="tabular-nums">{c.dialing_code}</span>
                      </span>
                    </td>
                    <td className="px-4 py-2.5 text-right tabular-nums">
                      {c.price_per_segment ? `$${Number(c.price_per_segment).toFixed(3)}` : "—"}
                    </td>
                    <td className="px-4 py-2.5">
                      <Badge tone={c.route === "global" ? "slate" : "green"}>{c.route}</Badge>
                    </td>
                    <td className="px-4 py-2.5 text-xs" data-testid="coverage-networks">
                      {c.networks.length ? c.networks.map((n) => n.name).join(", ") : "—"}
                    </td>
                    <td className="px-4 py-2.5 text-xs">
                      {c.supported ? (c.sender_id_supported ? "Supported" : "Numbers only") : "Not covered"}
                    </td>
                    <td className="px-4 py-2.5 text-xs" data-testid="default-sender">
                      {c.default_sender.sender ?? "No number set (test keys: sandbox number)"}
                    </td>
                  </tr>
                ))}
                {data?.countries.length === 0 && (
                  <tr>
                    <td
                      colSpan={6}
                      className="px-4 py-8 text-center text-sm text-slate-600"
                      data-testid="coverage-empty"
                    >
                      No country matches {search ? `“${search}”` : "this filter"}. Search by name (Ghana), ISO code (GH)
                      or dialing code (233).
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </ScrollRegion>
          {!showAll && data.countries.length > FIRST_ROWS && (
            <button
              type="button"
              onClick={() => setShowAll(true)}
              className="mt-3 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50"
              data-testid="coverage-show-all"
            >
              Show all {data.countries.length} countries
            </button>
          )}
        </>
      )}
    </>
  );
}

type Listed = {
  iso_code: string;
  country: string;
  route: string;
  supported: boolean;
  price_per_segment: string | null;
};

/** The map (coloured by route, so by price) with its legend, and the price calculator beside it. */
function CoverageOverview({
  shapes,
  all,
  filtered,
  selected,
  onSelect,
}: {
  shapes: CountryShape[];
  all: Listed[];
  filtered: Listed[] | null;
  selected: string | null;
  onSelect: (iso: string) => void;
}) {
  const byIso = new Map(all.map((c) => [c.iso_code, c]));
  const covered = all.filter((c) => c.supported);
  const summary =
    `World map of SMS coverage: ${covered.length} countries covered. ` +
    Object.entries(ROUTE_COLOURS)
      .map(([route, { label }]) => `${label}: ${covered.filter((c) => c.route === route).length}`)
      .join(", ") +
    ". Open a country from the table for its details.";
  return (
    <div className="mb-4 grid gap-4 lg:grid-cols-3">
      <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-span-2">
        <WorldMap
          shapes={shapes}
          countries={byIso}
          matching={filtered ? new Set(filtered.map((c) => c.iso_code)) : null}
          selected={selected}
          onSelect={onSelect}
          summary={summary}
        />
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Map legend">
          {Object.entries(ROUTE_COLOURS).map(([route, { fill, label }]) => {
            const price = covered.find((c) => c.route === route)?.price_per_segment;
            return (
              <li key={route} className="flex items-center gap-1.5">
                <span aria-hidden className="inline-block h-3 w-3 rounded-sm" style={{ background: fill }} />
                {label}
                {price ? ` · $${price} per segment` : ""}
              </li>
            );
          })}
          <li className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block h-3 w-3 rounded-sm bg-slate-200" />
            Not covered
          </li>
        </ul>
      </div>
      <div className="min-w-0">
        <PriceCalculator countries={all} />
      </div>
    </div>
  );
}
