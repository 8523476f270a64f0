// The dashboard's Insights page (issue #43, point 4): one channel's figures over a period, each view a reading of
// the delivery counters (readAnalytics), together so the server renders the page whole.
import { explainFailure, type Explanation } from "./failure-catalogue";
import { BREAKDOWNS, CHANNEL_DIMENSIONS, type AnalyticsChannel, type InsightPeriod } from "./delivery-dimensions";
import { endOfCurrent, largestFirst, summarizeWhole, withEveryPeriod } from "./read-analytics";
import { deliveryFigureSets } from "./delivery-figures";
import { summarizeFigures, type FigureGroup } from "./summarize-figures";

const HOUR_MS = 3_600_000;
/** Breakdown tables show the biggest groups; the API answers them all. */
const TOP = 20;

export type InsightsPage = {
  from: string;
  to: string;
  /** "hour" for a day's period, otherwise "day". */
  unit: "day" | "hour";
  summary: FigureGroup;
  /** The period before, as long: its summary, for comparison. */
  previous: FigureGroup;
  series: FigureGroup[];
  breakdowns: { dimension: string; groups: FigureGroup[] }[];
  reasons: (FigureGroup & { explanation: Explanation })[];
};

export async function insightsPage(input: {
  accountId: string;
  mode: "live" | "test";
  channel: AnalyticsChannel;
  days: InsightPeriod;
  filters: Record<string, string | undefined>;
  now?: Date;
}): Promise<InsightsPage> {
  const now = input.now ?? new Date();
  const unit = input.days === 1 ? "hour" : "day";
  // 24 h: the last 24 whole hours. Days: whole UTC days, today's so far the last (the daily counters serve them).
  const to = endOfCurrent(unit, now);
  const from = new Date(to.getTime() - input.days * 24 * HOUR_MS);
  // Only the channel's own dimensions filter (a name it lacks, as in a URL written by hand, filters nothing).
  const filters = Object.fromEntries(
    Object.entries(input.filters).filter(
      (entry): entry is [string, string] =>
        entry[1] !== undefined && Object.hasOwn(CHANNEL_DIMENSIONS[input.channel], entry[0]),
    ),
  );
  const base = { accountId: input.accountId, mode: input.mode, channel: input.channel, filters };
  // One pass over the period's counters for every view, one over the period before for its total.
  const tables = BREAKDOWNS[input.channel];
  const [sets, before] = await Promise.all([
    deliveryFigureSets({ ...base, from, to }, [unit, "total", "reason", ...tables]),
    deliveryFigureSets({ ...base, from: new Date(from.getTime() - (to.getTime() - from.getTime())), to: from }, [
      "total",
    ]),
  ]);
  const summarize = (grouping: string) => summarizeFigures(input.channel, sets.get(grouping)!);
  const byVolume = (groups: FigureGroup[]) => groups.sort(largestFirst).slice(0, TOP);
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    unit,
    summary: summarizeWhole(input.channel, sets.get("total")!),
    previous: summarizeWhole(input.channel, before.get("total")!),
    series: withEveryPeriod(summarize(unit), unit, from, to),
    breakdowns: tables.map((dimension) => ({ dimension, groups: byVolume(summarize(dimension)) })),
    reasons: byVolume(summarize("reason")).map((group) => ({ ...group, explanation: explainFailure(group.key) })),
  };
}
