// Delivery views (migration 20261127140000; docs/decisions.md, "Insights: views"): the delivery counters summed per
// dimension, per slice (the whole account, or one value of a dimension the page filters by) and per span (hour, UTC
// day, ISO week). A reading of one account costs the groups it shows over at most a few dozen spans, not every
// combination of dimensions over every day: the 90-day page at 10 M messages reads a few thousand rows.
import pg from "pg";
import { sql } from "../../db/client";
import { statementName } from "../../db/named-sql";
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

/** Every column as the database wrote it: the series' starts are turned into keys once per span, not per row. */
const rawText = { getTypeParser: () => (value: string) => value };
const parseTimestamp: (text: string) => Date = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);

type GroupRow = { dimension: string; key: string; outcome: string; reason: string; bucket: number; n: number };

/** The groups' records (dimension, key, outcome, reason, bucket, value) summed by all but the value; sums of 0 left out. */
function sumFacts(facts: string | null): GroupRow[] {
  const sums = new Map<string, GroupRow>();
  for (const record of facts ? facts.split("\x1e") : []) {
    const at = record.lastIndexOf("\x1f");
    const id = record.slice(0, at);
    const value = Number(record.slice(at + 1));
    const known = sums.get(id);
    if (known) known.n += value;
    else {
      const [dimension, key, outcome, reason, bucket] = id.split("\x1f") as [string, string, string, string, string];
      sums.set(id, { dimension, key, outcome, reason, bucket: Number(bucket), n: value });
    }
  }
  return [...sums.values()].filter((row) => row.n !== 0);
}

/**
 * A statement: `prepared`, by name, once per connection and its plan reused (a period's shape recurs each day);
 * otherwise planned for its values each time. The groups' statement is not prepared: PostgreSQL's generic plan for
 * it, which a prepared statement switches to after five runs, took twice as long as planning it afresh.
 */
async function run<Row extends pg.QueryResultRow>(
  text: string,
  values: unknown[],
  options: { prepared: boolean; types?: pg.CustomTypesConfig },
): Promise<Row[]> {
  const name = options.prepared ? statementName(text) : undefined;
  const { rows } = await sql().query<Row>({
    text,
    values,
    ...(name ? { name } : {}),
    ...(options.types ? { types: options.types } : {}),
  });
  return rows;
}

/**
 * The groupings asked for (viewsAnswer says whether it can), in two statements: a series by day or hour read from
 * spans no wider than its unit, the totals, reasons and dimensions from the widest spans that fit, each with the
 * deltas the worker has not folded yet (each statement one snapshot: exact whenever the folder last ran; the two
 * may differ by what was counted between them, as the page's reading of the period before does). Grouped by reason,
 * only the failures.
 */
export async function deliveryViewSets(
  query: Omit<FiguresQuery, "groupBy">,
  groupings: readonly string[],
): Promise<Map<string, FigureRow[]>> {
  const [slice, sliceValue] = Object.entries(query.filters ?? {})[0] ?? ["", ""];
  // Each statement's parameters: these six, then its own.
  const common = () => [query.accountId, query.channel, query.mode, slice, sliceValue, query.from] as unknown[];
  const from = query.from.getTime();
  const to = query.to.getTime();
  // Five minutes of margin: the hours counted come from the database's clock, which may run ahead of this one.
  const present = to - Date.now() >= 5 * 60_000;
  // The deltas of the spans read (which may end after `to`: nothing was counted there).
  const spansOf = (ranges: Range[], dimensionIn: (column: string) => string, values: unknown[]) => {
    const param = (value: unknown) => `$${values.push(value)}`;
    return ranges
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
  };

  const unit = groupings.find((g): g is "day" | "hour" => g === "day" || g === "hour");
  const dimensions = groupings.filter((g) => !OWN.has(g) && g !== slice);
  const wholes = groupings.some((g) => g === "total" || g === "reason" || g === slice);
  // Two statements, sent together: the series and the groups each take their own connection (and core), so a
  // reading waits for the longer of them, not their sum.
  const seriesParams = common();
  const series = unit
    ? // A span's facts (its reasons, a day's edge hours, the deltas) as one text of "outcome bucket value" triples,
      // added up in JS (summarizeFigures): 90 rows for 90 days, not 1,200. Each row the driver parses cost more than
      // the grouping; and the start goes out as the database writes it (rawText), parsed once per span.
      run<{ start: string; facts: string }>(
        `SELECT start, string_agg(outcome || ' ' || bucket || ' ' || value, ' ') AS facts
          FROM (${spansOf(coverPeriod(from, to, unit, present), (column) => `${column} = ''`, seriesParams)}) s WHERE value <> 0
          GROUP BY start`,
        seriesParams,
        { prepared: true, types: rawText },
      )
    : Promise.resolve([]);
  const groupsParams = common();
  const asked = `$${groupsParams.push([...(wholes ? [""] : []), ...dimensions])}`;
  // The groups' rows as one text, records of fields (RECORD, FIELD: characters no value holds), summed in JS: a
  // prepared statement without a grouping, whose generic plan cannot pick a sort of 1,500 rows by their text (which
  // took twice as long as planning it afresh), and one row for the driver to parse, not 1,500.
  const groups =
    dimensions.length || wholes
      ? run<{ facts: string | null }>(
          `SELECT string_agg(concat_ws(chr(31), dimension, key, outcome, reason, bucket, value), chr(30)) AS facts
            FROM (${spansOf(coverPeriod(from, to, "week", present), (column) => `${column} = ANY(${asked}::text[])`, groupsParams)}) s`,
          groupsParams,
          { prepared: true },
        ).then((rows) => sumFacts(rows[0]?.facts ?? null))
      : Promise.resolve([]);
  const [seriesRows, groupRows] = await Promise.all([series, groups]);

  const sets = new Map<string, FigureRow[]>(groupings.map((g) => [g, []]));
  const add = (grouping: string, key: string, row: GroupRow) =>
    sets.get(grouping)?.push({ key, outcome: row.outcome, bucket: row.bucket, n: row.n });
  if (unit) {
    const rows = sets.get(unit)!;
    for (const { start, facts } of seriesRows) {
      const key = SERIES_KEY[unit](parseTimestamp(start).getTime());
      const words = facts.split(" ");
      for (let i = 0; i < words.length; i += 3)
        rows.push({ key, outcome: words[i]!, bucket: Number(words[i + 1]), n: Number(words[i + 2]) });
    }
  }
  for (const row of groupRows) {
    if (row.dimension !== "") add(row.dimension, row.key, row);
    else {
      add("total", "", row);
      if (row.reason !== "") add("reason", row.reason, row);
      if (slice !== "") add(slice, String(sliceValue), row);
    }
  }
  return sets;
}
