"use client";
import { countOf } from "../ui/plural";
import { Link } from "../ui/link";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { TableHead } from "../ui/table-head";
import { ReasonAction } from "./reason-action";
import { CarrierChart, WebhookChart } from "./operations-charts";
import { CountryRules } from "./country-rules";
import { CarriersByNetwork } from "./carriers-by-network";
import { ScrollRegion } from "../ui/scroll-region";

const ROUTES = ["africa_local", "africa_regional", "global"] as const;
// Each row is a form: a phone renders the first few fast, and a filter finds any other.
const SHOWN_COUNTRIES = 20;
const STATE_TONE = { bound: "green", http: "green", connecting: "amber", down: "red" } as const;

export function OperationsView() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.staff.operations.queryOptions(undefined, { refetchInterval: 10_000 }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.staff.operations.queryKey() });
  const setRoute = useMutation(trpc.staff.setRoute.mutationOptions({ onSuccess: refresh }));
  const setPrice = useMutation(trpc.staff.setPrice.mutationOptions({ onSuccess: refresh }));
  const setCountry = useMutation(trpc.staff.setCountry.mutationOptions({ onSuccess: refresh }));
  const [filter, setFilter] = useState("");
  const o = query.data;
  if (!o) return <p className="text-sm text-muted">Loading…</p>;
  const matching = o.countries.filter(
    (c) => !filter || `${c.name} ${c.iso}`.toLowerCase().includes(filter.toLowerCase()),
  );
  return (
    <>
      <h1 className="text-2xl font-semibold">Operations</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card title="Carrier health (last hour, live)">
          <table className="w-full text-left text-xs">
            <TableHead columns={["Carrier", "Link", ">Sent", ">Error rate", ">Receipt latency"]} />
            <tbody>
              {o.carriers.map((c) => (
                <tr key={c.name} className="border-t border-slate-100" data-testid="carrier-health">
                  <td className="px-4 py-1.5 font-mono">
                    {c.name} <span className="text-muted">{c.kind}</span>
                  </td>
                  <td className="px-4 py-1.5">
                    <Badge tone={STATE_TONE[c.state]}>{c.state === "http" ? "http" : c.state}</Badge>
                    {c.lastError && <span className="ml-1 text-muted">{c.lastError}</span>}
                  </td>
                  <td className="px-4 py-1.5 text-right tabular-nums">{c.sentHour}</td>
                  <td className="px-4 py-1.5 text-right tabular-nums">{c.errorRate}%</td>
                  <td className="px-4 py-1.5 text-right tabular-nums">
                    {c.receiptLatencyS === null ? "—" : `${c.receiptLatencyS} s`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {o.carriers.length === 0 ? (
            <p className="mt-3 text-sm text-muted">No live carrier is configured (SMS_CARRIERS).</p>
          ) : (
            <CarrierChart data={o.carriers} />
          )}
        </Card>
        <Card title="Webhook queue">
          <p className="text-sm" data-testid="webhook-queue">
            {o.webhooks.pending} pending ({o.webhooks.due} due now) · last hour {o.webhooks.succeeded_hour} delivered,{" "}
            {o.webhooks.failed_hour} failed ({o.webhooks.failureRate}% failure)
          </p>
          <WebhookChart data={o.webhookSeries} />
        </Card>
      </div>

      {/* The staff banner's link lands here. */}
      <div id="carriers-by-network" className="mt-6 scroll-mt-6">
        <Card title="Carriers by network (last hour against the week before, live, all accounts)">
          <CarriersByNetwork />
        </Card>
      </div>

      <Card title="Settled by the recovery job" className="mt-6">
        <p className="mb-3 text-sm text-slate-600">
          Sends a dead request left pending past the deadline, settled as unknown (charged as sent, never resent).
        </p>
        {o.recovered.length === 0 ? (
          <p className="text-sm text-slate-600" data-testid="recovered-none">
            Nothing: every send was settled by its own request.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm" data-testid="recovered">
            {o.recovered.map((r) => (
              <li key={r.transactionId} className="flex flex-wrap items-center gap-3 py-2">
                <span className="text-xs tabular-nums text-slate-600">
                  {r.at.toISOString().replace("T", " ").slice(0, 19)}
                </span>
                <Link
                  className="font-mono text-xs text-brand-700 underline"
                  href={`/admin/transactions/${r.transactionId}`}
                >
                  {r.transactionId}
                </Link>
                <Badge tone="amber">{r.channel} · unknown</Badge>
                <span className="text-xs text-slate-600">{r.charged ? "charged" : "test mode"}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>

      <Card title="Routes and carrier order" className="mt-6">
        <p className="mb-3 text-sm text-slate-600">
          Carriers are tried in this order; an unavailable one hands over to the next. Configured here:{" "}
          {o.configured.join(", ") || "none"}. Applies everywhere within 30 seconds.
        </p>
        <div className="space-y-3">
          {o.routes.map((r) => (
            <ReasonAction
              key={r.route}
              label={`Save ${r.route} order`}
              run={(reason, form) =>
                setRoute.mutateAsync({
                  route: r.route,
                  reason,
                  carriers: String(form.get("carriers"))
                    .split(",")
                    .map((c) => c.trim())
                    .filter(Boolean),
                })
              }
            >
              <span className="w-36 font-mono">{r.route}</span>
              <span className="w-24 text-xs text-muted">
                {countOf(r.countries, "country", "countries")}
                {!r.explicit && " (default order)"}
              </span>
              <label>
                <span className="block text-xs font-medium text-slate-600">Carriers, in order</span>
                <input
                  name="carriers"
                  defaultValue={r.carriers.join(", ")}
                  className="mt-1 w-56 rounded-md border border-slate-300 px-2 py-1.5 font-mono text-xs"
                />
              </label>
            </ReasonAction>
          ))}
        </div>
      </Card>

      <Card title="Prices per segment" className="mt-6">
        <div className="space-y-3">
          {o.prices.map((p) => (
            <ReasonAction
              key={p.route}
              label={`Set ${p.route} price`}
              run={(reason, form) => setPrice.mutateAsync({ route: p.route, price: Number(form.get("price")), reason })}
            >
              <span className="w-36 font-mono">{p.route}</span>
              <label>
                <span className="block text-xs font-medium text-slate-600">{p.currency} per segment</span>
                <input
                  name="price"
                  defaultValue={p.price}
                  inputMode="decimal"
                  className="mt-1 w-24 rounded-md border border-slate-300 px-2 py-1.5 text-sm tabular-nums"
                />
              </label>
            </ReasonAction>
          ))}
        </div>
      </Card>

      <Card title="Country rules: when SMS may go out" className="mt-6">
        <CountryRules rules={o.countryRules} onChange={refresh} />
      </Card>

      <Card title="Coverage" className="mt-6">
        <input
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder="Filter countries"
          aria-label="Filter countries"
          className="mb-3 w-64 rounded-md border border-slate-300 px-2 py-1.5 text-sm"
        />
        <ScrollRegion className="max-h-96 overflow-y-auto" label="Countries">
          <table className="w-full text-left text-xs">
            <TableHead columns={["Country", "Route", "Supported", ""]} />
            <tbody>
              {matching.slice(0, SHOWN_COUNTRIES).map((c) => (
                <tr key={c.iso} className="border-t border-slate-100">
                  <td className="px-4 py-1.5">
                    {c.name} <span className="font-mono text-muted">{c.iso}</span>
                  </td>
                  <td colSpan={3} className="px-4 py-1.5">
                    <ReasonAction
                      label={`Save ${c.iso}`}
                      run={(reason, form) =>
                        setCountry.mutateAsync({
                          iso: c.iso,
                          route: form.get("route") as (typeof ROUTES)[number],
                          supported: form.get("supported") === "on",
                          reason,
                        })
                      }
                    >
                      <select
                        name="route"
                        defaultValue={c.route}
                        aria-label={`Route for ${c.iso}`}
                        className="rounded-md border border-slate-300 px-1 py-1 text-xs"
                      >
                        {ROUTES.map((r) => (
                          <option key={r}>{r}</option>
                        ))}
                      </select>
                      <label className="flex items-center gap-1 text-xs">
                        <input type="checkbox" name="supported" defaultChecked={c.supported} /> supported
                      </label>
                    </ReasonAction>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        {matching.length > SHOWN_COUNTRIES && (
          <p className="mt-2 text-xs text-muted" data-testid="coverage-shown">
            The first {SHOWN_COUNTRIES} of {matching.length} countries: filter to find another.
          </p>
        )}
      </Card>
    </>
  );
}
