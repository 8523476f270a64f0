"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";

/** What one delivery sent: read when its row is opened (the list itself carries no bodies). */
export function DeliveryRequestView({ accountId, id }: { accountId: string; id: string }) {
  const trpc = useTRPC();
  const request = useQuery(trpc.webhooks.deliveryRequest.queryOptions({ accountId, id }));
  if (request.isError)
    return (
      <p role="alert" className="text-sm text-red-600">
        {request.error.message}
      </p>
    );
  if (!request.data) return <p className="text-sm text-muted">Loading the request…</p>;
  const { method, url, headers, body } = request.data;
  return (
    <div className="space-y-2 text-xs" data-testid="delivery-request">
      <p className="font-mono break-all">
        <strong>{method}</strong> {url}
      </p>
      <dl className="grid grid-cols-1 gap-x-3 gap-y-0.5 font-mono sm:grid-cols-[max-content_1fr]">
        {headers.map(([name, value]) => (
          <div key={name} className="contents">
            <dt className="text-slate-600">{name}:</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <pre className="max-h-80 overflow-auto rounded-md bg-slate-50 p-2 whitespace-pre-wrap break-all" tabIndex={0}>
        {pretty(body)}
      </pre>
    </div>
  );
}

/** The stored bytes are what was signed; shown indented for reading (the signature covers the bytes as sent). */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
