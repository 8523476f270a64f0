// The dashboard's Insights page (issue #43, point 4): one channel's figures over a period, each view a reading of
// the delivery counters (readAnalytics), together so the server renders the page whole.
import { explainFailure, type Explanation } from "./failure-catalogue";
import { BREAKDOWNS, type AnalyticsChannel, type InsightPeriod } from "./delivery-dimensions";
import { readAnalytics } from "./read-analytics";
import type { FigureGroup } from "./summarize-figures";

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
  const to = new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS);
  const from = new Date(to.getTime() - input.days * 24 * HOUR_MS);
  const unit = input.days === 1 ? "hour" : "day";
  const base = {
    accountId: input.accountId,
    mode: input.mode,
    channel: input.channel,
    filters: input.filters,
    from: from.toISOString(),
    to: to.toISOString(),
  };
  const [series, previous, reasons, ...breakdowns] = await Promise.all([
    readAnalytics({ ...base, groupBy: unit }),
    readAnalytics({
      ...base,
      from: new Date(from.getTime() - (to.getTime() - from.getTime())).toISOString(),
      to: from.toISOString(),
      groupBy: "day",
    }),
    readAnalytics({ ...base, groupBy: "reason" }),
    ...BREAKDOWNS[input.channel].map((dimension) => readAnalytics({ ...base, groupBy: dimension })),
  ]);
  return {
    from: base.from,
    to: base.to,
    unit,
    summary: series.summary,
    previous: previous.summary,
    series: series.groups,
    breakdowns: BREAKDOWNS[input.channel].map((dimension, i) => ({
      dimension,
      groups: breakdowns[i]!.groups.slice(0, TOP),
    })),
    reasons: reasons.groups
      .slice(0, TOP)
      .map((group) => ({ ...group, explanation: explainFailure(group.key) }))
      .sort((a, b) => b.total - a.total),
  };
}
