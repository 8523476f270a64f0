"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Button } from "../ui/button";
import { TableHead } from "../ui/table-head";
import { DATE_ONLY as time } from "../ui/format-time";

const REASONS: Record<string, string> = {
  hard_bounce: "Hard bounce",
  complaint: "Spam complaint",
  manual: "Added by hand",
};

/** Addresses this account's mail skips; removing one lets mail go to it again. */
export function SuppressionList({ accountId, canManage }: { accountId: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.suppressions.list.queryOptions({ accountId }));
  const remove = useMutation(
    trpc.suppressions.remove.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.suppressions.list.queryKey({ accountId }) }),
    }),
  );
  return (
    <Card title="Suppression list" className="mt-8">
      <p className="mb-3 text-sm text-slate-600">
        Email is not sent to these addresses (a permanent bounce or a complaint put them here). Sends that include them
        leave them out and raise <code>email.suppressed</code>.
      </p>
      {list.data?.length === 0 ? (
        <p className="text-sm text-muted">No suppressed addresses.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <TableHead columns={["Address", "Reason", "Detail", "Since", ""]} />
          <tbody className="divide-y divide-slate-100">
            {list.data?.map((s) => (
              <tr key={s.address} data-testid="suppression-row">
                <td className="px-4 py-2 font-mono text-xs">{s.address}</td>
                <td className="px-4 py-2 text-xs">{REASONS[s.reason] ?? s.reason}</td>
                <td className="max-w-xs truncate px-4 py-2 text-xs text-muted" title={s.detail ?? ""}>
                  {s.detail}
                </td>
                <td className="px-4 py-2 text-xs">{time.format(s.createdAt)}</td>
                <td className="px-4 py-2 text-right">
                  {canManage && (
                    <Button variant="secondary" onClick={() => remove.mutate({ accountId, address: s.address })}>
                      Remove
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
