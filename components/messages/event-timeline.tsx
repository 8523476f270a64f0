import { DATE_TIME as time } from "../ui/format-time";
// A message's events as a timeline a person reads: the event, when, and in a
// line what it says (status, the remote server's reason, the link clicked);
// the payload as delivered to webhooks is one click away.

type Event = { event: string; createdAt: Date; data: unknown };

function lineOf(data: unknown): string {
  const d = (data ?? {}) as Record<string, unknown>;
  const error = d.error as { message?: string } | null | undefined;
  const parts = [
    typeof d.status === "string" ? d.status : null,
    typeof d.detail === "string" ? d.detail : null,
    error?.message ?? null,
    typeof d.link === "string" ? d.link : null,
    typeof d.scheduled_at === "string" ? `for ${d.scheduled_at}` : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

export function EventTimeline({ events }: { events: Event[] }) {
  if (events.length === 0) return <p className="mt-4 text-sm text-slate-600">No events yet.</p>;
  return (
    <ol className="mt-4 space-y-3 border-l border-slate-200 pl-4" aria-label="Events">
      {events.map((e, i) => (
        <li key={i} className="text-sm">
          <p>
            <span className="font-mono font-semibold">{e.event}</span>{" "}
            <span className="text-xs text-slate-600">{time.format(e.createdAt)} UTC</span>
          </p>
          {lineOf(e.data) && <p className="mt-0.5 break-words text-slate-700">{lineOf(e.data)}</p>}
          <details className="mt-1">
            <summary className="cursor-pointer text-xs text-slate-600">Raw payload</summary>
            <pre className="mt-1 whitespace-pre-wrap break-all rounded bg-slate-50 p-2 text-xs text-slate-700">
              {JSON.stringify(e.data, null, 2)}
            </pre>
          </details>
        </li>
      ))}
    </ol>
  );
}
