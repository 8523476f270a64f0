"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { DATE_TIME_MINUTES as time } from "../ui/format-time";

/**
 * Promotional SMS waiting for their country's window (Ghana: 08:00-19:00, Monday to Saturday); cancelling one
 * releases its held price. Hidden when there is none.
 */
export function ScheduledSms({ accountId, canCancel }: { accountId: string; canCancel: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.messages.scheduledSms.queryOptions({ accountId }, { refetchInterval: 15_000 }));
  const cancel = useMutation(
    trpc.messages.cancelScheduledSms.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() }),
    }),
  );
  const items = list.data?.items ?? [];
  if (items.length === 0 && !cancel.isSuccess && !cancel.isError) return null;
  return (
    <Card title="SMS waiting for their window" label="Scheduled SMS" className="mb-6">
      <p className="mb-3 text-sm text-slate-600">
        Promotional messages sent outside their country&apos;s hours go out when the window opens. Their price is held
        from the balance and charged when they leave; cancelling one gives it back. Times are UTC.
      </p>
      <div role="status" className="text-sm">
        {cancel.isSuccess && <p className="mb-3 text-green-700">Cancelled: the message will not be sent.</p>}
        {cancel.isError && <p className="mb-3 text-red-600">{cancel.error.message}</p>}
      </div>
      {items.length > 0 && (
        <ul className="divide-y divide-slate-100 border-t border-slate-100">
          {items.map((m) => (
            <li
              key={m.transactionId}
              data-testid="scheduled-sms-row"
              className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3"
            >
              <div className="min-w-0 flex-1 basis-60">
                <p className="truncate text-sm text-slate-800" title={m.text}>
                  {m.text} {m.mode === "test" && <span className="text-muted">(test)</span>}
                </p>
                <p className="truncate text-xs text-slate-600">
                  to {m.to} from {m.from}
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
                  aria-label={`Cancel the SMS to ${m.to}`}
                  onClick={() => cancel.mutate({ accountId, transactionId: m.transactionId })}
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
