"use client";
import { useQuery } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { StatusBadge } from "./status-badge";
import { useScrollIntoView } from "../ui/use-scroll-into-view";

export function RequestDetail({ accountId, id, onClose }: { accountId: string; id: string; onClose: () => void }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.requests.get.queryOptions({ accountId, id }));
  const panel = useScrollIntoView<HTMLElement>(id);
  return (
    <section
      ref={panel}
      aria-label="Request detail"
      className="mt-4 rounded-lg border border-brand-100 bg-white p-5 shadow-sm"
    >
      <div className="flex items-start justify-between">
        <h2 className="font-mono text-sm font-semibold">{data ? `${data.method} ${data.path}` : "Loading…"}</h2>
        <button onClick={onClose} aria-label="Close" className="rounded p-1 text-slate-500 hover:bg-slate-100">
          <X className="h-4 w-4" />
        </button>
      </div>
      {data && (
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
          <Item label="Status">
            <StatusBadge status={data.status} />
          </Item>
          <Item label="Error code">
            <span className="font-mono">{data.errorCode ?? "—"}</span>
          </Item>
          <Item label="Latency">{data.latencyMs} ms</Item>
          <Item label="Time (UTC)">{data.createdAt.toISOString().replace("T", " ").slice(0, 23)}</Item>
          <Item label="Key">
            <span className="font-mono">{data.keyPrefix ? `${data.keyPrefix}…` : "—"}</span>{" "}
            {data.mode && <span className="text-slate-500">({data.mode})</span>}
          </Item>
          <Item label="Idempotent replay">{data.idempotentReplay ? "Yes" : "No"}</Item>
          <Item label="Request id">
            <span className="font-mono text-xs">{data.requestId ?? "—"}</span>
          </Item>
          <Item label="Transaction">
            <span className="font-mono text-xs">{data.transactionId ?? "—"}</span>
          </Item>
          {data.transaction && (
            <>
              <Item label="Message status">{data.transaction.status}</Item>
              <Item label="To / route">
                {data.transaction.to} · {data.transaction.route} · {data.transaction.segments} segment(s)
              </Item>
            </>
          )}
        </dl>
      )}
    </section>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}
