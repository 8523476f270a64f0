"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { Pager } from "../ui/pager";
import { TableHead } from "../ui/table-head";
import { pillClass } from "../ui/pill";
import { DATE_TIME } from "../ui/format-time";

const STATUSES = ["pending", "approved", "failed", "expired"] as const;
type Status = (typeof STATUSES)[number];
const TONE = { pending: "blue", approved: "green", failed: "red", expired: "slate" } as const;

/** Recent verifications, a page at a time; in test mode each shows its code, so an integration can be tried without a phone. */
export function VerificationsTable({ accountId, mode }: { accountId: string; mode: "live" | "test" }) {
  const trpc = useTRPC();
  const [status, setStatus] = useState<Status | undefined>();
  const [pages, setPages] = useState<(string | undefined)[]>([undefined]);
  const before = pages.at(-1);
  const { data } = useQuery(trpc.verify.list.queryOptions({ accountId, mode, status, before }));
  const filter = (next: Status | undefined) => {
    setStatus(next);
    setPages([undefined]);
  };
  return (
    <Card
      title="Recent verifications"
      actions={
        <div role="group" aria-label="Status" className="flex flex-wrap gap-1">
          {[undefined, ...STATUSES].map((s) => (
            <button
              key={s ?? "all"}
              type="button"
              aria-pressed={status === s}
              onClick={() => filter(s)}
              className={pillClass(status === s, "sm")}
            >
              {s ?? "all"}
            </button>
          ))}
        </div>
      }
    >
      {mode === "test" && (
        <p className="mb-3 text-sm text-muted">
          Test verifications are delivered by the sandbox, not to a phone: their code is shown here to check with.
        </p>
      )}
      {!data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : data.items.length === 0 ? (
        <p className="text-sm text-muted">
          No {status ?? ""} verifications in {mode} mode yet. Send one with POST /api/v1/verify/send.
        </p>
      ) : (
        <table className="w-full text-sm">
          <TableHead
            columns={[
              "Verification",
              "To",
              "Status",
              ">Sends",
              ">Wrong codes",
              ">Time to approve",
              "Created (UTC)",
            ].concat(mode === "test" ? ["Code"] : [])}
          />
          <tbody className="divide-y divide-slate-100">
            {data.items.map((v) => (
              <tr key={v.id}>
                <td className="px-4 py-2 font-mono text-xs">{v.id}</td>
                <td className="whitespace-nowrap px-4 py-2">
                  {v.to} <span className="text-xs text-muted">{v.country ?? v.channel}</span>
                </td>
                <td className="px-4 py-2">
                  <Badge tone={TONE[v.status]}>{v.status}</Badge>
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{v.sends}</td>
                <td className="px-4 py-2 text-right tabular-nums">{v.wrongAttempts}</td>
                <td className="px-4 py-2 text-right tabular-nums">
                  {v.secondsToApprove === null ? "—" : `${v.secondsToApprove} s`}
                </td>
                <td className="whitespace-nowrap px-4 py-2">{DATE_TIME.format(new Date(v.createdAt))}</td>
                {mode === "test" && (
                  <td className="px-4 py-2 font-mono" data-testid="test-code">
                    {v.testCode ?? "—"}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager pages={pages} next={data?.nextBefore} onChange={setPages} />
    </Card>
  );
}
