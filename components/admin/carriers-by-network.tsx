"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { TableHead } from "../ui/table-head";
import { utcTime } from "../ui/format-time";
import { networkLabel, percent, seconds } from "./carrier-format";

const STATE_TONE = { ok: "green", alert: "red", demoted: "amber" } as const;

/** Carriers as a whole: every carrier's live SMS to every network across accounts, the last hour against the week. */
export function CarriersByNetwork() {
  const trpc = useTRPC();
  const query = useQuery(trpc.staff.carriersByNetwork.queryOptions(undefined, { refetchInterval: 30_000 }));
  const view = query.data;
  if (!view) return <p className="text-sm text-muted">Loading…</p>;
  const { rules, rows } = view;
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">
        Live SMS of every account, by the carrier that took it and the number&apos;s network. An alert opens when the
        last hour delivers {(rules.margin * 100).toFixed(1)} points under the week before over at least{" "}
        {rules.minMessages} messages, and ends back within half of that.{" "}
        {rules.autodemote
          ? "While it is open, that network's messages try the route's other carriers first."
          : "Traffic is not moved (KASA_ROUTE_AUTODEMOTE is off)."}
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-muted" data-testid="carriers-by-network-none">
          No live SMS in the last week.
        </p>
      ) : (
        <table className="w-full text-left text-xs">
          <TableHead
            columns={[
              "Carrier",
              "Network",
              ">Messages, hour",
              ">Delivered, hour",
              ">p50, hour",
              ">Delivered, week",
              ">p50, week",
              "State",
            ]}
          />
          <tbody>
            {rows.map((r) => (
              <tr key={`${r.carrier}/${r.network}`} className="border-t border-slate-100" data-testid="carrier-network">
                <td className="px-4 py-1.5 font-mono">{r.carrier}</td>
                <td className="px-4 py-1.5">{networkLabel(r.network)}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">{r.lastHour.messages}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">{percent(r.lastHour.deliveredRate)}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">{seconds(r.lastHour.p50S)}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">{percent(r.lastWeek.deliveredRate)}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">{seconds(r.lastWeek.p50S)}</td>
                <td className="px-4 py-1.5">
                  <Badge tone={STATE_TONE[r.state]}>{r.state}</Badge>
                  {r.since && <span className="ml-1 text-muted">since {utcTime(r.since)}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
