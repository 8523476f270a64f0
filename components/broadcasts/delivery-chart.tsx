"use client";
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { ChartFigure } from "../ui/chart-figure";
import { BarChart } from "../charts/bar-chart";

const SERIES = [
  { key: "sent", name: "Sent", color: "#1f9d63" },
  { key: "failed", name: "Failed", color: "#dc2626" },
  { key: "skipped", name: "Skipped", color: "#f59e0b" },
] as const;

const TIME = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit" });

/** Recipients settled per interval since the start (a minute or more a bar), refreshed while it sends. */
export function DeliveryChart({
  accountId,
  mode,
  id,
  running,
  large,
}: {
  accountId: string;
  mode: "live" | "test";
  id: string;
  running: boolean;
  /** Past 10,000 recipients: refreshed every 30 s rather than 5. */
  large: boolean;
}) {
  const trpc = useTRPC();
  const { data, refetch } = useQuery({
    ...trpc.broadcasts.timeline.queryOptions({ accountId, mode, id }),
    refetchInterval: running ? (large ? 30_000 : 5_000) : false,
  });
  // Once more when it stops running: the last recipients settled after the last refresh.
  useEffect(() => {
    if (!running) void refetch();
  }, [running, refetch]);
  if (!data || data.bars.length === 0) return null;
  const categories = data.bars.map((b) => TIME.format(new Date(b.at)));
  const per = data.barSeconds === 60 ? "minute" : `${data.barSeconds / 60} minutes`;
  const total = data.bars.reduce((n, b) => n + b.sent, 0);
  return (
    <div className="mt-5">
      <h3 className="mb-2 text-xs font-semibold uppercase tracking-wide text-muted">Recipients per {per} (UTC)</h3>
      <ChartFigure
        className="h-40"
        summary={`Recipients settled per ${per}: ${total.toLocaleString("en")} sent over ${data.bars.length} intervals.`}
        caption={`Recipients per ${per}`}
        columns={["Time (UTC)", ...SERIES.map((s) => s.name)]}
        rows={data.bars.map((b, i) => [categories[i]!, ...SERIES.map((s) => b[s.key])])}
      >
        <BarChart
          stacked
          categories={categories}
          series={SERIES.map((s) => ({ name: s.name, color: s.color, values: data.bars.map((b) => b[s.key]) }))}
          labelEvery={Math.max(1, Math.ceil(categories.length / 8))}
        />
      </ChartFigure>
    </div>
  );
}
