"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { ScheduledList } from "./scheduled-list";

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
  return (
    <ScheduledList
      title="SMS waiting for their window"
      label="Scheduled SMS"
      testId="scheduled-sms-row"
      intro={
        <>
          Promotional messages sent outside their country&apos;s hours go out when the window opens. Their price is held
          from the balance and charged when they leave; cancelling one gives it back. Times are UTC.
        </>
      }
      items={(list.data?.items ?? []).map((m) => ({
        key: m.transactionId,
        title: m.text,
        subtitle: `to ${m.to} from ${m.from}`,
        mode: m.mode,
        price: m.price,
        sendAt: m.sendAt,
        cancelLabel: `Cancel the SMS to ${m.to}`,
      }))}
      more={list.data?.more ?? false}
      cancel={
        canCancel
          ? {
              run: (transactionId) => cancel.mutate({ accountId, transactionId }),
              pending: cancel.isPending,
              succeeded: cancel.isSuccess,
              error: cancel.error?.message ?? null,
            }
          : undefined
      }
    />
  );
}
