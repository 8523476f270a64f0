"use client";
import { useQuery } from "@tanstack/react-query";
import { Link } from "../ui/link";
import { X } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { StatusBadge } from "./status-badge";
import { useScrollIntoView } from "../ui/use-scroll-into-view";
import { ScrollRegion } from "../ui/scroll-region";

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
        <button onClick={onClose} aria-label="Close" className="rounded p-1 text-muted hover:bg-slate-100">
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
            {data.mode && <span className="text-muted">({data.mode})</span>}
          </Item>
          <Item label="Idempotent replay">{data.idempotentReplay ? "Yes" : "No"}</Item>
          <Item label="Request id">
            <span className="font-mono text-xs">{data.requestId ?? "—"}</span>
          </Item>
          <Item label="Transaction">
            {data.transactionId ? (
              <Link
                className="font-mono text-xs text-brand-700 underline"
                href={transactionHref(accountId, data.transactionId)}
              >
                {data.transactionId}
              </Link>
            ) : (
              "—"
            )}
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
      {data && (data.requestBody !== null || data.responseBody !== null) && (
        <div className="mt-4 grid gap-4 lg:grid-cols-2">
          <Body label="Request body" value={data.requestBody} />
          <Body label="Response body" value={data.responseBody} />
        </div>
      )}
      {data && (data.requestBody !== null || data.responseBody !== null) && (
        <p className="mt-2 text-xs text-slate-600">
          Message bodies and secrets are never kept: they show as [redacted].
        </p>
      )}
    </section>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 text-slate-800">{children}</dd>
    </div>
  );
}

function Body({ label, value }: { label: string; value: unknown }) {
  return (
    <div>
      <h3 className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</h3>
      <ScrollRegion
        as="pre"
        className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-800"
        label={label}
      >
        {value === null ? "—" : JSON.stringify(value, null, 2)}
      </ScrollRegion>
    </div>
  );
}

/** Where a transaction is shown: messages open in the Messages page, top-ups are on Top-ups. */
function transactionHref(accountId: string, transactionId: string): string {
  if (/^(sms|email)_/.test(transactionId))
    return `/accounts/${accountId}/messages?open=${encodeURIComponent(transactionId)}`;
  return `/accounts/${accountId}/topups`;
}
