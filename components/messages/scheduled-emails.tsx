"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { TableHead } from "../ui/table-head";

const time = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

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
    <Card title="Scheduled email" className="mb-6">
      <p className="mb-3 text-sm text-slate-600">
        Messages sent with <code>scheduled_at</code> that have not left yet, soonest first. Their price is reserved from
        the balance; cancelling one gives it back. Times are UTC.
      </p>
      <div role="status" className="text-sm">
        {cancel.isSuccess && <p className="mb-3 text-green-700">Cancelled: the message will not be sent.</p>}
        {cancel.isError && <p className="mb-3 text-red-600">{cancel.error.message}</p>}
      </div>
      {items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-left text-sm">
            <TableHead columns={["Sends at", "To", "Subject", ">Price", ""]} />
            <tbody className="divide-y divide-slate-100">
              {items.map((m) => (
                <tr key={m.emailId} data-testid="scheduled-row">
                  <td className="px-4 py-2 text-xs tabular-nums">{time.format(m.sendAt)}</td>
                  <td className="max-w-[14rem] truncate px-4 py-2 text-xs" title={m.to}>
                    {m.to}
                  </td>
                  <td className="max-w-[16rem] truncate px-4 py-2 text-xs text-slate-700" title={m.subject}>
                    {m.subject} {m.mode === "test" && <span className="text-slate-500">(test)</span>}
                  </td>
                  <td className="px-4 py-2 text-right text-xs tabular-nums">
                    {m.mode === "test" ? "—" : `$${m.price.toFixed(3)}`}
                  </td>
                  <td className="px-4 py-2 text-right">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data?.more && <p className="mt-3 text-xs text-slate-500">Showing the first 100.</p>}
    </Card>
  );
}
