"use client";
import { useState } from "react";
import { useSearchParams } from "next/navigation";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { PageHeader } from "../ui/page-header";
import { Button } from "../ui/button";
import { TableHead } from "../ui/table-head";
import { RequestFilters, type Filters } from "./request-filters";
import { RequestDetail } from "./request-detail";
import { StatusBadge } from "./status-badge";
import { DATE_TIME as time } from "../ui/format-time";
import { ScrollRegion } from "../ui/scroll-region";

export function RequestLogPanel({ accountId, keptForDays }: { accountId: string; keptForDays: number }) {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>({});
  // ?open=<line id> (the Overview's latest errors link here) opens that request's detail.
  const [open, setOpen] = useState<string | undefined>(useSearchParams().get("open") ?? undefined);
  const query = useInfiniteQuery(
    trpc.requests.list.infiniteQueryOptions(
      { accountId, ...filters },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader
        title="Request log"
        description={`Every /api/v1 request made with this account's keys, newest first, kept for ${keptForDays} days: older requests are removed a week at a time. Times are UTC.`}
      />
      <RequestFilters
        value={filters}
        onChange={(f) => {
          setFilters(f);
          setOpen(undefined);
        }}
      />
      {open && <RequestDetail accountId={accountId} id={open} onClose={() => setOpen(undefined)} />}
      {/* On a phone each request is a readable block, a button to open; from md up, the table. */}
      <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm md:hidden">
        {rows.map((r) => (
          <li key={r.id} data-testid="request-item">
            <button
              type="button"
              onClick={() => setOpen(r.id)}
              className={`w-full px-4 py-3 text-left ${open === r.id ? "bg-brand-50" : ""}`}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="break-all font-mono text-xs">
                  <span className="font-semibold">{r.method}</span> {r.path}
                </span>
                <StatusBadge status={r.status} />
              </span>
              <span className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-600">
                <span className="tabular-nums">{time.format(r.createdAt)}</span>
                {r.errorCode && <span className="font-mono">{r.errorCode}</span>}
                <span className="tabular-nums">{r.latencyMs} ms</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <ScrollRegion
        className="mt-4 hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm md:block"
        label="Requests"
      >
        <table className="w-full min-w-[760px] text-left text-sm">
          <TableHead columns={["Time", "Request", "Status", "Error code", "Key", ">Latency"]} />
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr
                key={r.id}
                data-testid="request-row"
                onClick={() => setOpen(r.id)}
                className={`cursor-pointer hover:bg-slate-50 ${open === r.id ? "bg-brand-50" : ""}`}
              >
                <td className="px-4 py-2.5 text-xs tabular-nums text-slate-600">{time.format(r.createdAt)}</td>
                <td className="px-4 py-2.5 font-mono text-xs">
                  <span className="font-semibold">{r.method}</span> {r.path}
                  {r.idempotentReplay && (
                    <span className="ml-2 rounded bg-slate-100 px-1 text-[10px] text-slate-600">replay</span>
                  )}
                </td>
                <td className="px-4 py-2.5">
                  <StatusBadge status={r.status} />
                </td>
                <td className="px-4 py-2.5 font-mono text-xs">{r.errorCode ?? ""}</td>
                <td className="px-4 py-2.5 font-mono text-xs text-slate-600">
                  {r.keyPrefix ? `${r.keyPrefix}…` : "—"}
                </td>
                <td className="px-4 py-2.5 text-right text-xs tabular-nums">{r.latencyMs} ms</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {query.isSuccess && rows.length === 0 && (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
          No requests match. Send one with a test key and it shows up here.
        </p>
      )}
      {query.isLoading && <p className="p-6 text-center text-sm text-slate-600">Loading…</p>}
      {query.hasNextPage && (
        <div className="mt-4 text-center">
          <Button variant="secondary" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
