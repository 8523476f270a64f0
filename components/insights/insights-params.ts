// The Insights page's state lives in its URL (issue #43: "filters in the URL"), so a view can be shared and the
// server renders the page a link opens. Read by the page on the server and by its links in the browser.
import {
  ANALYTICS_CHANNELS,
  INSIGHT_PERIODS,
  PAGE_FILTERS,
  type AnalyticsChannel,
  type InsightPeriod,
} from "@/server/modules/insights/delivery-dimensions";

export type InsightsView = {
  channel: AnalyticsChannel;
  days: InsightPeriod;
  mode: "live" | "test";
  filters: Record<string, string>;
};

type Params = Record<string, string | string[] | undefined>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A link's or a typed URL's parameters, anything unknown or malformed replaced by the default. */
export function readInsightsView(params: Params): InsightsView {
  const channel = (ANALYTICS_CHANNELS as readonly string[]).includes(one(params.channel) ?? "")
    ? (one(params.channel) as AnalyticsChannel)
    : "sms";
  const daysParam = Number(one(params.days));
  const days = (INSIGHT_PERIODS as readonly number[]).includes(daysParam) ? (daysParam as InsightPeriod) : 7;
  const mode = one(params.mode) === "test" ? "test" : "live";
  const filters: Record<string, string> = {};
  for (const name of PAGE_FILTERS[channel]) {
    const value = one(params[name])?.trim();
    if (value && value.length <= 200) filters[name] = value;
  }
  return { channel, days, mode, filters };
}

/** The query string of a view: what a link to it carries. */
export function insightsHref(accountId: string, view: InsightsView): string {
  const query = new URLSearchParams({ channel: view.channel, days: String(view.days), mode: view.mode });
  for (const [name, value] of Object.entries(view.filters)) query.set(name, value);
  return `/accounts/${accountId}/insights?${query}`;
}

/** The page's query input for a view: the same on the server's prefetch and in the browser (one cache key). */
export function insightsQueryInput(accountId: string, view: InsightsView) {
  return { accountId, channel: view.channel, days: view.days, mode: view.mode, filters: view.filters };
}
