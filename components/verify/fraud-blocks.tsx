"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { TableHead } from "../ui/table-head";
import { DATE_TIME_MINUTES } from "../ui/format-time";

/** The fraud guard's blocks: number blocks paused because their codes stopped being approved. Owners lift them. */
export function FraudBlocks({
  accountId,
  mode,
  canLift,
}: {
  accountId: string;
  mode: "live" | "test";
  canLift: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data } = useQuery(trpc.verify.blocks.queryOptions({ accountId, mode }));
  const lift = useMutation(
    trpc.verify.liftBlock.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.verify.blocks.queryKey() }),
    }),
  );
  return (
    <Card title="Fraud guard">
      <p className="mb-3 text-sm text-muted">
        When under 20 % of the last verifications to a block of numbers (a number but its last four digits) are
        approved, Kasa pauses codes to that block for 24 hours and sends verify.blocked: the signature of SMS pumping.
      </p>
      {lift.error && (
        <p role="alert" className="mb-2 text-sm text-red-600">
          {lift.error.message}
        </p>
      )}
      {!data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : data.length === 0 ? (
        <p className="text-sm text-muted">No blocks: nothing looked like pumping.</p>
      ) : (
        <table className="w-full text-sm">
          <TableHead columns={["Numbers", ">Approved", "Until (UTC)", "", ""]} />
          <tbody className="divide-y divide-slate-100">
            {data.map((b) => (
              <tr key={b.id}>
                <td className="whitespace-nowrap px-4 py-2 font-mono text-xs">
                  {b.prefix}xxxx <span className="font-sans text-muted">{b.country}</span>
                </td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {b.approved} of {b.sampled}
                </td>
                <td className="whitespace-nowrap px-4 py-2">{DATE_TIME_MINUTES.format(new Date(b.blockedUntil))}</td>
                <td className="px-4 py-2">
                  <Badge tone={b.active ? "red" : "slate"}>
                    {b.active ? "blocked" : b.liftedAt ? "lifted" : "ended"}
                  </Badge>
                </td>
                <td className="px-4 py-2 text-right">
                  {b.active && canLift && (
                    <Button
                      variant="secondary"
                      disabled={lift.isPending}
                      onClick={() => lift.mutate({ accountId, blockId: b.id })}
                      aria-label={`Lift the block on ${b.prefix}`}
                    >
                      Lift
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
