"use client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { DATE_TIME_MINUTES as time } from "../ui/format-time";

export type ScheduledItem = {
  key: string;
  title: string;
  subtitle: string;
  mode: "live" | "test";
  price: number;
  sendAt: Date;
  cancelLabel: string;
};

/**
 * Messages waiting to leave (scheduled email, SMS waiting for their window), soonest first, each cancellable: the
 * layout both lists share. Hidden when there is nothing to show.
 */
export function ScheduledList({
  title,
  label,
  intro,
  testId,
  items,
  more,
  cancel,
}: {
  title: string;
  label: string;
  intro: React.ReactNode;
  testId: string;
  items: ScheduledItem[];
  more: boolean;
  /** Absent for members who may not cancel. */
  cancel?: { run: (key: string) => void; pending: boolean; succeeded: boolean; error: string | null };
}) {
  if (items.length === 0 && !cancel?.succeeded && !cancel?.error) return null;
  return (
    <Card title={title} label={label} className="mb-6">
      <p className="mb-3 text-sm text-slate-600">{intro}</p>
      <div role="status" className="text-sm">
        {cancel?.succeeded && <p className="mb-3 text-green-700">Cancelled: the message will not be sent.</p>}
        {cancel?.error && <p className="mb-3 text-red-600">{cancel.error}</p>}
      </div>
      {items.length > 0 && (
        <ul className="divide-y divide-slate-100 border-t border-slate-100">
          {items.map((m) => (
            <li key={m.key} data-testid={testId} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
              <div className="min-w-0 flex-1 basis-60">
                <p className="truncate text-sm font-medium text-slate-800" title={m.title}>
                  {m.title} {m.mode === "test" && <span className="font-normal text-muted">(test)</span>}
                </p>
                <p className="truncate text-xs text-slate-600" title={m.subtitle}>
                  {m.subtitle}
                </p>
              </div>
              <p className="text-xs tabular-nums text-slate-700">
                <span className="sr-only">Sends at </span>
                {time.format(m.sendAt)}
              </p>
              <p className="w-16 text-right text-xs tabular-nums text-slate-700">
                {`$${m.price.toFixed(3)}`}
                {m.mode === "test" && <span className="block text-[0.7rem] text-slate-600">test: not charged</span>}
              </p>
              {cancel && (
                <Button
                  variant="secondary"
                  disabled={cancel.pending}
                  aria-label={m.cancelLabel}
                  onClick={() => cancel.run(m.key)}
                >
                  Cancel
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {more && <p className="mt-3 text-xs text-muted">Showing the first 100.</p>}
    </Card>
  );
}
