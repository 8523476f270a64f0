"use client";
// The Insights page (issue #43, point 4): one channel's delivery figures over a period, filtered from the URL.
// The server renders it with its data (Prefetched), tables and figures included; only the drawings come later.
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { PageHeader } from "../ui/page-header";
import { Button } from "../ui/button";
import { BREAKDOWNS, PAGE_FILTERS } from "@/server/modules/insights/delivery-dimensions";
import { insightsHref, insightsQueryInput, type InsightsView } from "./insights-params";
import { InsightsFilters } from "./insights-filters";
import { SummaryTiles } from "./summary-tiles";
import { DeliveryCharts } from "./delivery-charts";
import { BreakdownTable } from "./breakdown-table";
import { FailureReasons } from "./failure-reasons";
import { insightsCsv } from "./insights-csv";
import { DELIVERED } from "./outcome-colors";

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function InsightsPanel({ accountId, view }: { accountId: string; view: InsightsView }) {
  const trpc = useTRPC();
  const { data, error } = useQuery(trpc.insights.page.queryOptions(insightsQueryInput(accountId, view)));
  const header = (
    <PageHeader
      title="Insights"
      description="What became of your messages: delivered rates, delivery times and why messages failed, by country, network and sender. Counted by the hour each message was accepted (UTC)."
      actions={
        data && (
          <Button
            variant="secondary"
            onClick={() => download(`kasa-insights-${view.channel}-${view.mode}-${view.days}d.csv`, insightsCsv(data))}
          >
            <Download className="size-4" aria-hidden="true" /> Export CSV
          </Button>
        )
      }
    />
  );
  if (error)
    return (
      <>
        {header}
        <p role="alert" className="text-sm text-red-600">
          {error.message}
        </p>
      </>
    );
  const delivered = DELIVERED[view.channel];
  const filterable = PAGE_FILTERS[view.channel];
  return (
    <>
      {header}
      <InsightsFilters accountId={accountId} view={view} />
      {!data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : (
        <div className="space-y-4">
          <SummaryTiles channel={view.channel} page={data} />
          {data.summary.total === 0 && (
            <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700">
              No {view.mode} messages in this period.{" "}
              {view.mode === "live" ? "Messages sent with a test key are under Test." : ""}
            </p>
          )}
          <DeliveryCharts channel={view.channel} page={data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <FailureReasons
              reasons={data.reasons}
              failed={(data.summary.outcomes.failed ?? 0) + (data.summary.outcomes.bounced ?? 0)}
            />
            {BREAKDOWNS[view.channel].map((dimension) => (
              <BreakdownTable
                key={dimension}
                dimension={dimension}
                delivered={delivered}
                groups={data.breakdowns.find((b) => b.dimension === dimension)?.groups ?? []}
                filterHref={
                  filterable.includes(dimension)
                    ? (value) => insightsHref(accountId, { ...view, filters: { ...view.filters, [dimension]: value } })
                    : null
                }
              />
            ))}
          </div>
        </div>
      )}
    </>
  );
}
