// Delivery views (migration 20261127140000; docs/decisions.md, "Insights: views"): the delivery counters summed per
// dimension, per slice (the whole account, or one value of a dimension the page filters by) and per span (hour, UTC
// day, ISO week). A reading of one account costs the groups it shows over at most a few dozen spans, not every
// combination of dimensions over every day: the 90-day page at 10 M messages reads a few thousand rows.
import { createHash } from "node:crypto";
import { sql } from "../../db/client";
import { BREAKDOWNS, CHANNEL_DIMENSIONS, PAGE_FILTERS } from "./delivery-dimensions";
import type { FigureRow, FiguresQuery } from "./delivery-figures";

export const DELIVERY_VIEW_KEYS = [
  "account_id",
  "channel",
  "mode",
  "slice",
  "slice_value",
  "span",
  "dimension",
  "start",
  "key",
  "outcome",
  "reason",
  "bucket",
] as const;

type Span = "hour" | "day" | "week";
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SPAN_MS: Record<Span, number> = { hour: HOUR_MS, day: DAY_MS, week: 7 * DAY_MS };

/** SQL: the start of the span named by the expression `span` that holds the hour `hour` (weeks start on Monday). */
export function spanStart(span: string, hour: string): string {
  return `CASE ${span} WHEN 'hour' THEN ${hour} ELSE date_trunc(${span}, ${hour}, 'UTC') END`;
}

/**
 * SQL: the columns of a view row, in DELIVERY_VIEW_KEYS' order then the value, for a counters-shaped relation `alias`
 * joined to its views (`v`, viewsOfCounters) and to its span's name (`span`) and start (`start`). The fold and the
 * turn-on both insert these, so the order is said once.
 */
export function viewRowColumns(alias: string, span: string, start: string, value: string): string {
  return `${alias}.account_id, ${alias}.channel, ${alias}.mode, v.slice, v.slice_value, ${span}, v.dimension, ${start},
    v.key, ${alias}.outcome, v.reason, ${alias}.bucket, ${value}`;
}

/** SQL: the views of each row of the counters-shaped relation `alias` (kasa_delivery_views: one row per view). */
export function viewsOfCounters(alias: string): string {
  const c = (column: string) => `${alias}.${column}`;
  return `CROSS JOIN LATERAL kasa_delivery_views(${["channel", "country", "network", "route", "carrier", "sender", "broadcast_id", "reason"].map(c).join(", ")}) v`;
}

/** The groupings a view answers besides the channel's dimensions. */
const OWN = new Set(["total", "reason", "day", "hour"]);

/**
 * Whether the views answer a reading: one account that keeps them (hoursFrom: when its hour spans begin; null: it
 * keeps none), at most one filter and that one a slice (a dimension the page filters by), and groupings the slice
 * keeps (unfiltered, any dimension; in a slice, the page's tables, its own dimension being one group). Otherwise the
 * reading goes to the counters themselves (deliveryFigureSets), which answer any combination at a higher cost.
 */
export function viewsAnswer(
  query: Omit<FiguresQuery, "groupBy">,
  groupings: readonly string[],
  hoursFrom: Date | null,
): boolean {
  const filters = Object.entries(query.filters ?? {});
  if (query.accountId === null || hoursFrom === null || filters.length > 1) return false;
  // Hour spans are kept from hoursFrom on: an older hour, at a period's edge or in a series by hour, reads counters.
  const units = groupings.includes("hour") ? (["hour", "week"] as const) : (["week"] as const);
  const early = units.some((unit) =>
    coverPeriod(query.from.getTime(), query.to.getTime(), unit).some(
      (r) => r.span === "hour" && r.from < hoursFrom.getTime(),
    ),
  );
  if (early) return false;
  const slice = filters[0]?.[0];
  if (slice !== undefined && !PAGE_FILTERS[query.channel].includes(slice)) return false;
  const kept = slice === undefined ? Object.keys(CHANNEL_DIMENSIONS[query.channel]) : BREAKDOWNS[query.channel];
  // Grouped by the filter's own dimension: one group, the slice's total.
  return groupings.every((g) => OWN.has(g) || g === slice || kept.includes(g));
}

/** A run of spans of one size: the ones starting in [from, to). */
type Range = { span: Span; from: number; to: number };

/**
 * The fewest spans that tile [from, to) (whole hours), no wider than `widest`: hours up to a day's start, days up to
 * a week's, weeks, then days and hours to the end. As runs of one size. `present`: nothing was counted after `to`
 * (it is the end of the hour under way or later), so the spans under way are read whole: the last run may end
 * after `to`.
 */
export function coverPeriod(from: number, to: number, widest: Span, present = false): Range[] {
  const fits = (span: Span, at: number) => {
    if (SPAN_MS[span] > SPAN_MS[widest] || (at + SPAN_MS[span] > to && !present)) return false;
    if (span === "hour") return true;
    if (at % DAY_MS !== 0) return false;
    return span === "day" || new Date(at).getUTCDay() === 1;
  };
  const ranges: Range[] = [];
  for (let at = from; at < to;) {
    const span = fits("week", at) ? "week" : fits("day", at) ? "day" : "hour";
    const last = ranges.at(-1);
    if (last?.span === span && last.to === at) last.to = at + SPAN_MS[span];
    else ranges.push({ span, from: at, to: at + SPAN_MS[span] });
    at += SPAN_MS[span];
  }
  return ranges;
}

const SERIES_KEY: Record<"day" | "hour", (start: number) => string> = {
  day: (start) => new Date(start).toISOString().slice(0, 10),
  hour: (start) => `${new Date(start).toISOString().slice(0, 13)}:00:00Z`,
};

/**
 * The groupings asked for (viewsAnswer says whether it can) in one statement: a series by day or hour read from
 * spans no wider than its unit, the totals, reasons and dimensions from the widest spans that fit, each with the
 * deltas the worker has not folded yet (one snapshot: exact whenever the folder last ran). Grouped by reason, only
 * the failures.
 */
export async function deliveryViewSets(
  query: Omit<FiguresQuery, "groupBy">,
  groupings: readonly string[],
): Promise<Map<string, FigureRow[]>> {
  const [slice, sliceValue] = Object.entries(query.filters ?? {})[0] ?? ["", ""];
  const params: unknown[] = [query.accountId, query.channel, query.mode, slice, sliceValue, query.from];
  const param = (value: unknown) => `$${params.push(value)}`;
  const from = query.from.getTime();
  const to = query.to.getTime();
  // Five minutes of margin: the hours counted come from the database's clock, which may run ahead of this one.
  const present = to - Date.now() >= 5 * 60_000;
  // The deltas of the spans read (which may end after `to`: nothing was counted there).
  const spansOf = (ranges: Range[], dimensionIn: (column: string) => string) =>
    ranges
      .map(
        (r) => `SELECT start, dimension, key, outcome, reason, bucket, value FROM delivery_views
         WHERE account_id = $1 AND channel = $2 AND mode = $3::key_mode AND slice = $4 AND slice_value = $5
           AND span = '${r.span}' AND start >= ${param(new Date(r.from))} AND start < ${param(new Date(r.to))}
           AND ${dimensionIn("dimension")}`,
      )
      .concat(
        `SELECT d.hour, v.dimension, v.key, d.outcome, v.reason, d.bucket, d.delta FROM delivery_count_deltas d
         ${viewsOfCounters("d")}
         WHERE d.account_id = $1 AND d.channel = $2 AND d.mode = $3::key_mode AND d.hour >= $6
           AND d.hour < ${param(new Date(ranges.at(-1)!.to))} AND v.slice = $4 AND v.slice_value = $5 AND ${dimensionIn("v.dimension")}`,
      )
      .join("\n UNION ALL ");

  const unit = groupings.find((g): g is "day" | "hour" => g === "day" || g === "hour");
  const dimensions = groupings.filter((g) => !OWN.has(g) && g !== slice);
  const wholes = groupings.some((g) => g === "total" || g === "reason" || g === slice);
  const parts: string[] = [];
  if (unit)
    // Not grouped here: its rows (a span's reasons, a day's edge hours, the deltas) are keyed and added up in JS
    // (summarizeFigures), which costs less than PostgreSQL's hashing them; rows at 0 are left out.
    parts.push(`SELECT '${unit}' AS grouping, (extract(epoch FROM start) * 1000)::bigint::text AS key, outcome,
        '' AS reason, bucket, value::text AS n
      FROM (${spansOf(coverPeriod(from, to, unit, present), (column) => `${column} = ''`)}) s WHERE value <> 0`);
  if (dimensions.length || wholes) {
    const asked = param([...(wholes ? [""] : []), ...dimensions]);
    parts.push(`SELECT dimension AS grouping, key, outcome, reason, bucket, sum(value)::text AS n
      FROM (${spansOf(coverPeriod(from, to, "week", present), (column) => `${column} = ANY(${asked}::text[])`)}) s
      GROUP BY 1, 2, 3, 4, 5 HAVING sum(value) <> 0`);
  }
  // Named: prepared once per connection, its plan reused (a period's shape recurs: the same runs of spans each day).
  const text = parts.join("\n UNION ALL ");
  const name = `views_${createHash("sha1").update(text).digest("hex").slice(0, 16)}`;
  const { rows } = await sql().query<{
    grouping: string;
    key: string;
    outcome: string;
    reason: string;
    bucket: number;
    n: string;
  }>({ name, text, values: params });

  const sets = new Map<string, FigureRow[]>(groupings.map((g) => [g, []]));
  const seriesKeys = new Map<string, string>();
  const add = (grouping: string, key: string, row: (typeof rows)[number]) =>
    sets.get(grouping)?.push({ key, outcome: row.outcome, bucket: row.bucket, n: Number(row.n) });
  for (const row of rows) {
    if (row.grouping === unit) {
      // A span's key made once, not once for each of its rows.
      let key = seriesKeys.get(row.key);
      if (key === undefined) seriesKeys.set(row.key, (key = SERIES_KEY[unit](Number(row.key))));
      add(unit, key, row);
    } else if (row.grouping !== "") add(row.grouping, row.key, row);
    else {
      add("total", "", row);
      if (row.reason !== "") add("reason", row.reason, row);
      if (slice !== "") add(slice, String(sliceValue), row);
    }
  }
  return sets;
}
