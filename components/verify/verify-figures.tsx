"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { ChartFigure } from "../ui/chart-figure";
import { BarChart } from "../charts/bar-chart";
import { TableHead } from "../ui/table-head";
import { LoadingBlock } from "../ui/loading-block";

const percent = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)} %`);

/** Sent and approved per day (14 days), per country, time to approve and spend: the day counters, not the rows. */
export function VerifyFigures({ accountId, mode }: { accountId: string; mode: "live" | "test" }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.verify.stats.queryOptions({ accountId, mode }));
  if (!data)
    return (
      <Card title="Last 14 days">
        <LoadingBlock className="h-64" />
      </Card>
    );
  const days = data.perDay.map((d) => d.day);
  const label = `Verifications per day, ${mode} mode, last ${data.days} days (UTC)`;
  const summary = `${label}: ${data.sent} sent, ${data.approved} approved (${percent(data.conversion)}).`;
  return (
    <Card title={`Last ${data.days} days`}>
      <dl className="mb-5 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label="Sent" value={data.sent.toLocaleString("en")} />
        <Figure label="Conversion (approved / sent)" value={percent(data.conversion)} />
        <Figure
          label="Average time to approve"
          value={data.averageSecondsToApprove === null ? "—" : `${data.averageSecondsToApprove} s`}
        />
        <Figure label={mode === "live" ? "Spend" : "Spend (would be)"} value={`$${data.spend.toFixed(2)}`} />
      </dl>
      <ChartFigure
        className="h-48"
        summary={summary}
        caption={label}
        columns={["Day", "Sent", "Approved", "Conversion"]}
        rows={data.perDay.map((d) => [d.day, d.sent, d.approved, percent(d.conversion)])}
      >
        <BarChart
          categories={days}
          series={[
            { name: "Sent", color: "#94a3b8", values: data.perDay.map((d) => d.sent) },
            { name: "Approved", color: "#1f9d63", values: data.perDay.map((d) => d.approved) },
          ]}
          labelEvery={2}
          formatCategory={(d) => d.slice(5)}
        />
      </ChartFigure>
      <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-800">By country</h3>
      {data.perCountry.length === 0 ? (
        <p className="text-sm text-muted">No verifications in these days.</p>
      ) : (
        <table className="w-full text-sm">
          <TableHead columns={["Country", ">Sent", ">Approved", ">Conversion"]} />
          <tbody className="divide-y divide-slate-100">
            {data.perCountry.map((c) => (
              <tr key={c.place}>
                <td className="px-4 py-2">{c.name}</td>
                <td className="px-4 py-2 text-right tabular-nums">{c.sent}</td>
                <td className="px-4 py-2 text-right tabular-nums">{c.approved}</td>
                <td className="px-4 py-2 text-right tabular-nums">{percent(c.conversion)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
