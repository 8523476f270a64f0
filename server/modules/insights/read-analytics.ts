// GET /api/v1/analytics/{channel} and the Insights page: the delivery counters of a period, grouped and summarized.
import { AppError } from "../../errors/app-error";
import { CHANNEL_DIMENSIONS, TIME_GROUPS, type AnalyticsChannel } from "./delivery-dimensions";
import { deliveryFigureSets, type FigureRow } from "./delivery-figures";
import { summarizeFigures, type FigureGroup } from "./summarize-figures";
import type { AnalyticsAnswer } from "./schemas";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The longest period a grouping answers, so an answer's size and cost stay bounded. */
const MAX_SPAN_MS: Record<string, number> = { hour: 31 * DAY_MS, other: 400 * DAY_MS };

export type AnalyticsQuery = {
  accountId: string;
  mode: "live" | "test";
  channel: AnalyticsChannel;
  from?: string;
  to?: string;
  groupBy?: string;
  filters: Record<string, string | undefined>;
  now?: Date;
};

export async function readAnalytics(query: AnalyticsQuery): Promise<AnalyticsAnswer> {
  const { from, to } = period(query);
  const groupBy = query.groupBy ?? "day";
  const dimensions = CHANNEL_DIMENSIONS[query.channel];
  const isTime = (TIME_GROUPS as readonly string[]).includes(groupBy);
  if (!isTime && !dimensions[groupBy])
    throw new AppError("INVALID_REQUEST", {
      message: `${query.channel} cannot be grouped by ${groupBy}; it can by ${[...TIME_GROUPS, ...Object.keys(dimensions)].join(", ")}`,
      context: { field: "group_by", conflicts_with: "channel" },
    });
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(query.filters)) {
    if (value === undefined) continue;
    if (!dimensions[name])
      throw new AppError("INVALID_REQUEST", {
        message: `${query.channel} has no ${name} to filter by; it has ${Object.keys(dimensions).join(", ")}`,
        context: { field: name, conflicts_with: "channel" },
      });
    filters[name] = value;
  }
  const base = { accountId: query.accountId, mode: query.mode, channel: query.channel, from, to, filters };
  // The groups and the period's whole in one pass (grouped by reason, the groups are the failures only).
  const sets = await deliveryFigureSets(base, [groupBy, "total"]);
  const summary = summarizeWhole(query.channel, sets.get("total")!);
  let groups = summarizeFigures(query.channel, sets.get(groupBy)!);
  if (isTime) groups = withEveryPeriod(groups, groupBy as "day" | "hour", from, to);
  else groups.sort(largestFirst);
  return {
    channel: query.channel,
    mode: query.mode,
    from: from.toISOString(),
    to: to.toISOString(),
    group_by: groupBy,
    summary,
    groups,
  };
}

/** Whole hours: from rounded down, to rounded up; a date alone is its day (from its 00:00, to its end). */
function period(query: AnalyticsQuery): { from: Date; to: Date } {
  const now = query.now ?? new Date();
  const dateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  // Without a `to`: up to now, to the end of its hour, or of its UTC day when not read by the hour (whole days read the
  // daily counters).
  const toAt = query.to
    ? new Date(Date.parse(query.to) + (dateOnly(query.to) ? DAY_MS : 0))
    : endOfCurrent(query.groupBy === "hour" ? "hour" : "day", now);
  const to = new Date(Math.ceil(toAt.getTime() / HOUR_MS) * HOUR_MS);
  const fromAt = query.from ? new Date(query.from) : new Date(to.getTime() - 7 * DAY_MS);
  const from = new Date(Math.floor(fromAt.getTime() / HOUR_MS) * HOUR_MS);
  if (from >= to)
    throw new AppError("INVALID_REQUEST", {
      message: "from must be before to",
      context: { field: "from", conflicts_with: "to" },
    });
  const max = MAX_SPAN_MS[query.groupBy === "hour" ? "hour" : "other"]!;
  if (to.getTime() - from.getTime() > max)
    throw new AppError("INVALID_REQUEST", {
      message: `A period grouped by ${query.groupBy ?? "day"} is at most ${max / DAY_MS} days`,
      context: { field: "from", conflicts_with: "to" },
    });
  return { from, to };
}

/** The end of the UTC hour or day under way at `now`: where a period up to now ends in whole units. */
export function endOfCurrent(unit: "day" | "hour", now: Date): Date {
  const step = unit === "day" ? DAY_MS : HOUR_MS;
  return new Date(Math.floor(now.getTime() / step) * step + step);
}

/** The one group of rows read whole (the "total" grouping), or an empty one when nothing was counted. */
export function summarizeWhole(channel: AnalyticsChannel, rows: FigureRow[]): FigureGroup {
  return summarizeFigures(channel, rows)[0] ?? emptyGroup("");
}

/** The order groups of a dimension are shown in: the most messages first, ties by name. */
export function largestFirst(a: FigureGroup, b: FigureGroup): number {
  return b.total - a.total || a.key.localeCompare(b.key);
}

function emptyGroup(key: string): FigureGroup {
  return { key, total: 0, left: 0, outcomes: {}, rates: {}, delivery_time: null };
}

/** Every day or hour of the period, in order, an empty group where nothing was sent: a chart's x axis is whole. */
export function withEveryPeriod(groups: FigureGroup[], unit: "day" | "hour", from: Date, to: Date): FigureGroup[] {
  const byKey = new Map(groups.map((g) => [g.key, g]));
  const all: FigureGroup[] = [];
  const step = unit === "day" ? DAY_MS : HOUR_MS;
  const start = unit === "day" ? Math.floor(from.getTime() / DAY_MS) * DAY_MS : from.getTime();
  for (let at = start; at < to.getTime(); at += step) {
    const iso = new Date(at).toISOString();
    const key = unit === "day" ? iso.slice(0, 10) : `${iso.slice(0, 13)}:00:00Z`;
    all.push(byKey.get(key) ?? emptyGroup(key));
  }
  return all;
}
