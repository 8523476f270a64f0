"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { ScheduledList } from "./scheduled-list";

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
  return (
    <ScheduledList
      title="Scheduled email"
      label="Scheduled email"
      testId="scheduled-row"
      intro={
        <>
          Messages sent with <code>scheduled_at</code> that have not left yet, soonest first. Their price is reserved
          from the balance; cancelling one gives it back. Times are UTC.
        </>
      }
      items={(list.data?.items ?? []).map((m) => ({
        key: m.emailId,
        title: m.subject,
        subtitle: `to ${m.to}`,
        mode: m.mode,
        price: m.price,
        sendAt: m.sendAt,
        cancelLabel: `Cancel the email "${m.subject}" to ${m.to}`,
      }))}
      more={list.data?.more ?? false}
      cancel={
        canCancel
          ? {
              run: (emailId) => cancel.mutate({ accountId, emailId }),
              pending: cancel.isPending,
              succeeded: cancel.isSuccess,
              error: cancel.error?.message ?? null,
            }
          : undefined
      }
    />
  );
}
