"use client";
import { Link } from "../ui/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { Card } from "../ui/card";
import { ReasonAction } from "./reason-action";

// Milliseconds matter here: a request, its reserve and its carrier attempt often share a second.
const time = new Intl.DateTimeFormat("en-GB", {
  // The month by name, as everywhere (components/ui/format-time.ts), with milliseconds: a timeline orders by them.
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  fractionalSecondDigits: 3,
  hourCycle: "h23",
  timeZone: "UTC",
});
const DOT = { good: "bg-brand-500", bad: "bg-red-500", neutral: "bg-slate-400" } as const;
const SOURCE: Record<string, string> = {
  request: "API request",
  ledger: "Ledger",
  carrier: "Carrier",
  receipt: "Receipt",
  provider: "Provider",
  event: "Event",
  webhook: "Webhook",
};

export function TransactionView({ id }: { id: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.staff.transaction.queryOptions({ id }));
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.staff.transaction.queryKey({ id }) });
  const refund = useMutation(trpc.staff.refund.mutationOptions({ onSuccess: refresh }));
  const replay = useMutation(trpc.staff.replayDelivery.mutationOptions({ onSuccess: refresh }));
  if (query.error)
    return (
      <p role="alert" className="text-sm text-red-600">
        {query.error.message}
      </p>
    );
  const t = query.data;
  if (!t) return <p className="text-sm text-muted">Loading…</p>;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-xl font-semibold">{t.id}</h1>
        <Badge tone={t.status === "failed" ? "red" : t.status === "pending" ? "amber" : "green"}>{t.status}</Badge>
        <span className="text-sm text-muted">{t.kind}</span>
      </div>
      <p className="mt-2 text-sm text-slate-700">{t.summary}</p>
      <p className="mt-1 text-sm text-muted">
        Account{" "}
        <Link href={`/admin/accounts/${t.accountId}`} className="font-mono text-brand-700 hover:underline">
          {t.accountId}
        </Link>
        {t.price !== null && ` · ${t.price} USD`} · created {time.format(t.createdAt)} UTC
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Card title="Timeline">
          <ol className="relative space-y-4 border-l border-slate-200 pl-5" aria-label="Timeline">
            {t.timeline.map((item, i) => (
              <li key={i} className="text-sm" data-testid="timeline-item">
                <span
                  className={`absolute -left-[5px] mt-1.5 h-2.5 w-2.5 rounded-full ${DOT[item.tone ?? "neutral"]}`}
                />
                <p>
                  <span className="mr-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                    {SOURCE[item.source]}
                  </span>
                  <span className="font-medium">{item.title}</span>
                </p>
                <p className="text-xs tabular-nums text-muted">{time.format(item.at)} UTC</p>
                {item.detail && (
                  <p className="mt-1 break-all font-mono text-xs text-slate-600">
                    {item.detail.length > 400 ? `${item.detail.slice(0, 400)}…` : item.detail}
                  </p>
                )}
              </li>
            ))}
          </ol>
        </Card>
        <div className="space-y-6">
          <Card title="Refund">
            {t.refundable ? (
              <ReasonAction
                label="Refund"
                variant="danger"
                run={(reason) => refund.mutateAsync({ transactionId: t.id, reason })}
              />
            ) : (
              <p className="text-sm text-muted">Nothing to refund: not charged, or refunded already.</p>
            )}
          </Card>
          <Card title="Webhook deliveries">
            {t.deliveries.length === 0 ? (
              <p className="text-sm text-muted">None.</p>
            ) : (
              <ul className="space-y-3">
                {t.deliveries.map((d) => (
                  <li key={d.id} className="text-sm">
                    <p>
                      <span className="font-mono text-xs">{d.event}</span>{" "}
                      <Badge tone={d.status === "succeeded" ? "green" : d.status === "failed" ? "red" : "amber"}>
                        {d.status}
                      </Badge>
                    </p>
                    <p className="text-xs text-muted">
                      {d.attempts} attempt(s), last {d.lastStatusCode ?? "—"}
                      {d.lastLatencyMs !== null ? ` in ${d.lastLatencyMs} ms` : ""}
                    </p>
                    <div className="mt-1">
                      <ReasonAction label="Replay" run={(reason) => replay.mutateAsync({ deliveryId: d.id, reason })} />
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
