"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { DATE_TIME_MINUTES as time } from "../ui/format-time";

/** Email sent with `scheduled_at` that has not left yet; cancelling one releases its money. Hidden when there is none. */
export function ScheduledEmails({ accountId, canCancel }: { accountId: string; canCancel: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.messages.scheduled.queryOptions({ accountId }, { refetchInterval: 15_000 }));
  const cancel = useMutation(
    trpc.messages.cancelScheduled.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() }),
    }),
  );
  const items = list.data?.items ?? [];
  if (items.length === 0 && !cancel.isSuccess && !cancel.isError) return null;
  return (
    <Card title="Scheduled email" label="Scheduled email" className="mb-6">
      <p className="mb-3 text-sm text-slate-600">
        Messages sent with <code>scheduled_at</code> that have not left yet, soonest first. Their price is reserved from
        the balance; cancelling one gives it back. Times are UTC.
      </p>
      <div role="status" className="text-sm">
        {cancel.isSuccess && <p className="mb-3 text-green-700">Cancelled: the message will not be sent.</p>}
        {cancel.isError && <p className="mb-3 text-red-600">{cancel.error.message}</p>}
      </div>
      {items.length > 0 && (
        <ul className="divide-y divide-slate-100 border-t border-slate-100">
          {items.map((m) => (
            <li
              key={m.emailId}
              data-testid="scheduled-row"
              className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3"
            >
              <div className="min-w-0 flex-1 basis-60">
                <p className="truncate text-sm font-medium text-slate-800" title={m.subject}>
                  {m.subject} {m.mode === "test" && <span className="font-normal text-muted">(test)</span>}
                </p>
                <p className="truncate text-xs text-slate-600" title={m.to}>
                  to {m.to}
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
              {canCancel && (
                <Button
                  variant="secondary"
                  disabled={cancel.isPending}
                  aria-label={`Cancel the email "${m.subject}" to ${m.to}`}
                  onClick={() => cancel.mutate({ accountId, emailId: m.emailId })}
                >
                  Cancel
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {list.data?.more && <p className="mt-3 text-xs text-muted">Showing the first 100.</p>}
    </Card>
  );
}
