type Counts = {
  queued: number;
  sent: number;
  delivered: number;
  failed: number;
  skipped_unsubscribed: number;
  skipped_invalid: number;
  skipped_network: number;
  no_consent: number;
};

const SHOWN: { key: keyof Counts; label: string; color: string }[] = [
  { key: "delivered", label: "Delivered", color: "bg-brand-600" },
  { key: "sent", label: "Sent, no receipt yet", color: "bg-sky-500" },
  { key: "failed", label: "Failed", color: "bg-red-600" },
  { key: "skipped_unsubscribed", label: "Skipped: unsubscribed", color: "bg-amber-500" },
  { key: "skipped_invalid", label: "Skipped: unreachable", color: "bg-slate-400" },
  { key: "skipped_network", label: "Skipped: sender not approved on their network", color: "bg-violet-400" },
  { key: "no_consent", label: "Skipped: no consent on record", color: "bg-rose-300" },
  { key: "queued", label: "Queued", color: "bg-slate-200" },
];

/** Where every recipient stands, as numbers and as one bar of the whole. */
export function BroadcastCounts({
  counts,
  recipients,
  clicked,
}: {
  counts: Counts;
  recipients: number;
  /** Recipients who clicked a link (short links in SMS, tracked links in email): beside the outcomes, not one of them. */
  clicked?: number;
}) {
  const total = Math.max(
    recipients,
    SHOWN.reduce((n, s) => n + counts[s.key], 0),
    1,
  );
  return (
    <div>
      <div className="flex h-2.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        {SHOWN.map((s) => (
          <div key={s.key} className={s.color} style={{ width: `${(counts[s.key] / total) * 100}%` }} />
        ))}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {SHOWN.map((s) => (
          <div key={s.key}>
            <dt className="flex items-center gap-1.5 text-xs text-muted">
              <span className={`inline-block size-2 rounded-full ${s.color}`} aria-hidden="true" />
              {s.label}
            </dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-800" data-testid={`count-${s.key}`}>
              {counts[s.key].toLocaleString("en")}
            </dd>
          </div>
        ))}
        {clicked !== undefined && (
          <div>
            <dt className="text-xs text-muted">Clicked a link</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-800" data-testid="count-clicked">
              {clicked.toLocaleString("en")}
            </dd>
          </div>
        )}
      </dl>
    </div>
  );
}
