"use client";
// The period's charts: the delivered rate over time (a line), what became of each day's messages (stacked bars)
// and how long delivery took (the histogram the percentiles are read from). Each is a figure with a sentence and a
// table of its numbers; the drawings load once the page is idle, in boxes of a fixed height.
import type { InsightsPage } from "@/server/modules/insights/insights-page";
import type { AnalyticsChannel } from "@/server/modules/insights/delivery-dimensions";
import { ChartFigure } from "../ui/chart-figure";
import { LineChart } from "../charts/line-chart";
import { BarChart } from "../charts/bar-chart";
import { DELIVERED, OUTCOMES, percent, seconds } from "./outcome-colors";

const periodLabel = (unit: "day" | "hour") =>
  unit === "day" ? (k: string) => k.slice(5) : (k: string) => k.slice(11, 16);

export function DeliveryCharts({ channel, page }: { channel: AnalyticsChannel; page: InsightsPage }) {
  const delivered = DELIVERED[channel];
  const categories = page.series.map((g) => g.key);
  const formatCategory = periodLabel(page.unit);
  const rates = page.series.map((g) => {
    const rate = g.rates[delivered.id] ?? (g.left ? 0 : null);
    return rate === null ? null : Math.round(rate * 1000) / 10;
  });
  const unitName = page.unit === "day" ? "day" : "hour";
  const outcomes = OUTCOMES[channel];
  const buckets = page.summary.delivery_time?.buckets ?? [];
  const bucketNames = buckets.map((b, i) =>
    b.up_to_s === null ? `≥ ${seconds(buckets[i - 1]?.up_to_s ?? 0)}` : `< ${seconds(b.up_to_s)}`,
  );
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section
        className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        aria-labelledby="rate-title"
      >
        <h2 id="rate-title" className="text-sm font-semibold text-slate-800">
          {delivered.name} rate per {unitName}
        </h2>
        <ChartFigure
          className="mt-3 h-56"
          summary={`${delivered.name} rate per ${unitName} (UTC), of the messages that left: ${percent(page.summary.rates[delivered.id])} over the period.`}
          caption={`${delivered.name} rate per ${unitName}`}
          columns={[unitName === "day" ? "Day" : "Hour", `${delivered.name} rate`]}
          rows={page.series.map((g, i) => [g.key, rates[i] === null ? "none sent" : `${rates[i]} %`])}
        >
          <LineChart
            categories={categories}
            series={[{ name: `${delivered.name} rate`, color: "#1f9d63", values: rates }]}
            domain={[0, 100]}
            formatCategory={formatCategory}
            formatValue={(v) => `${v} %`}
            xLabel={unitName === "day" ? "Day (UTC)" : "Hour (UTC)"}
          />
        </ChartFigure>
      </section>
      <section
        className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        aria-labelledby="volume-title"
      >
        <h2 id="volume-title" className="text-sm font-semibold text-slate-800">
          Messages per {unitName}, by outcome
        </h2>
        <ChartFigure
          className="mt-3 h-56"
          summary={`Messages per ${unitName} (UTC), stacked by what became of them: ${page.summary.total.toLocaleString("en")} in all.`}
          caption={`Messages per ${unitName}, by outcome`}
          columns={[unitName === "day" ? "Day" : "Hour", ...outcomes.map((o) => o.name)]}
          rows={page.series.map((g) => [g.key, ...outcomes.map((o) => g.outcomes[o.id] ?? 0)])}
        >
          <BarChart
            stacked
            categories={categories}
            series={outcomes.map((o) => ({
              name: o.name,
              color: o.color,
              values: page.series.map((g) => g.outcomes[o.id] ?? 0),
            }))}
            formatCategory={formatCategory}
            xLabel={unitName === "day" ? "Day (UTC)" : "Hour (UTC)"}
          />
        </ChartFigure>
      </section>
      <section
        className="min-w-0 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:col-span-2"
        aria-labelledby="latency-title"
      >
        <h2 id="latency-title" className="text-sm font-semibold text-slate-800">
          Time to {delivered.name.toLowerCase()}
        </h2>
        {buckets.length ? (
          <ChartFigure
            className="mt-3 h-48"
            summary={`How long messages took to be ${delivered.name.toLowerCase()}: half within ${seconds(page.summary.delivery_time!.p50_s)}, 90 % within ${seconds(page.summary.delivery_time!.p90_s)}.`}
            caption={`Time to ${delivered.name.toLowerCase()}`}
            columns={["Time", "Messages"]}
            rows={buckets.map((b, i) => [bucketNames[i]!, b.count])}
          >
            <BarChart
              categories={bucketNames}
              series={[{ name: "Messages", color: "#3b82f6", values: buckets.map((b) => b.count) }]}
              xLabel="Time from sending"
            />
          </ChartFigure>
        ) : (
          <p className="mt-3 text-sm text-muted">Nothing was {delivered.name.toLowerCase()} in this period.</p>
        )}
      </section>
    </div>
  );
}
