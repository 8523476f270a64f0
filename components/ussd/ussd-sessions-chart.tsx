"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { ChartFigure } from "../ui/chart-figure";
import { BarChart } from "../charts/bar-chart";

// In the order a person reads them: the sessions that went as planned first, the refused ones last.
const ENDINGS = [
  { id: "app_end", name: "Ended by the app", color: "#1f9d63" },
  { id: "user_abort", name: "Hung up", color: "#3b82f6" },
  { id: "network_abort", name: "Dropped by the network", color: "#f59e0b" },
  { id: "timeout", name: "Timed out", color: "#94a3b8" },
  { id: "app_error", name: "App failed", color: "#dc2626" },
  { id: "insufficient_balance", name: "Balance too low", color: "#7f1d1d" },
  { id: "rate_limited", name: "Over the plan's limit", color: "#9333ea" },
] as const;

/** Sessions per UTC day for 14 days, one mode, stacked by how they ended (the Insights page's bars). */
export function UssdSessionsChart({ accountId, mode }: { accountId: string; mode: "live" | "test" }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.ussd.sessionDays.queryOptions({ accountId, mode }));
  const label = `USSD sessions per day by how they ended, ${mode} mode, last 14 days (UTC)`;
  const total = data?.byDay.reduce((sum, d) => sum + ENDINGS.reduce((t, e) => t + d[e.id], 0), 0) ?? 0;
  const failed = data?.byDay.reduce((sum, d) => sum + d.app_error, 0) ?? 0;
  const summary = `${label}: ${total.toLocaleString("en")} ended, ${failed.toLocaleString("en")} of them because the app failed.`;
  return (
    <Card title="Sessions per day" label="USSD sessions per day">
      {/* The chart's box is reserved while its figures come, so nothing below it moves. */}
      {!data ? (
        <div className="h-48" aria-hidden />
      ) : (
        <ChartFigure
          className="h-48"
          summary={summary}
          caption={label}
          columns={["Day", ...ENDINGS.map((e) => e.name)]}
          rows={data.days.map((d, i) => [d, ...ENDINGS.map((e) => data.byDay[i]![e.id])])}
        >
          <BarChart
            stacked
            categories={data.days}
            series={ENDINGS.map((e) => ({ name: e.name, color: e.color, values: data.byDay.map((d) => d[e.id]) }))}
            labelEvery={2}
            formatCategory={(d) => d.slice(5)}
          />
        </ChartFigure>
      )}
    </Card>
  );
}
