"use client";
import { useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useTRPC } from "../trpc/client";
import { pillClass } from "../ui/pill";
import { PageHeader } from "../ui/page-header";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { TableHead } from "../ui/table-head";
import { MessageEvents } from "./message-events";
import { ScheduledEmails } from "./scheduled-emails";
import { ScheduledSms } from "./scheduled-sms";
import { DATE_TIME as time } from "../ui/format-time";
import { ScrollRegion } from "../ui/scroll-region";

const KINDS = [
  { id: undefined, label: "All" },
  { id: "sms", label: "SMS" },
  { id: "email", label: "Email" },
] as const;
const STATUS_TONE = {
  delivered: "green",
  sent: "green",
  received: "blue",
  pending: "amber",
  scheduled: "blue",
  unknown: "slate",
  cancelled: "slate",
  failed: "red",
} as const;
const STATUSES = ["pending", "scheduled", "sent", "delivered", "failed", "unknown", "cancelled", "received"] as const;

export function MessagesPanel({ accountId, canCancel }: { accountId: string; canCancel: boolean }) {
  const trpc = useTRPC();
  const [kind, setKind] = useState<"sms" | "email">();
  const [status, setStatus] = useState<(typeof STATUSES)[number]>();
  // ?open=<transaction id> (the request log links here) opens that message's panel.
  const [open, setOpen] = useState<string | undefined>(useSearchParams().get("open") ?? undefined);
  const [tag, setTag] = useState("");
  const query = useInfiniteQuery(
    trpc.messages.list.infiniteQueryOptions(
      { accountId, kind, status, tag: tag.includes(":") || tag.includes("=") ? tag : undefined },
      { getNextPageParam: (p) => p.nextBefore ?? undefined },
    ),
  );
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader
        title="Messages"
        description="Every SMS and email sent from this account, test and live, with its status, and the SMS replies it received. Open one to see its events. Times are UTC."
      />
      <ScheduledEmails accountId={accountId} canCancel={canCancel} />
      <ScheduledSms accountId={accountId} canCancel={canCancel} />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div role="group" aria-label="Kind" className="flex gap-1">
          {KINDS.map((k) => (
            <button
              key={k.label}
              onClick={() => setKind(k.id)}
              aria-pressed={kind === k.id}
              className={pillClass(kind === k.id)}
            >
              {k.label}
            </button>
          ))}
        </div>
        <label className="text-xs font-medium text-slate-600">
          Status{" "}
          <select
            className="ml-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            value={status ?? ""}
            onChange={(e) => setStatus((e.target.value || undefined) as typeof status)}
          >
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s === "received" ? "received (replies)" : s}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs font-medium text-slate-600">
          Tag{" "}
          <input
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            placeholder="category:invoice"
            aria-label="Tag"
            className="ml-1 w-44 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          />
        </label>
      </div>
      {open && <MessageEvents accountId={accountId} transactionId={open} onClose={() => setOpen(undefined)} />}
      {/* On a phone each message is a readable block, a button to open; from md up, the table. */}
      <ul className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white shadow-sm md:hidden">
        {rows.map((m) => (
          <li key={m.transactionId} data-testid="message-item">
            <button
              type="button"
              onClick={() => setOpen(m.transactionId)}
              className={`w-full px-4 py-3 text-left ${open === m.transactionId ? "bg-brand-50" : ""}`}
            >
              <span className="flex items-center justify-between gap-2 text-xs">
                <span>
                  {m.kind === "sms" ? (m.direction === "inbound" ? "SMS reply" : "SMS") : "Email"}
                  {m.via === "smtp" && " via SMTP"}
                  {m.mode === "test" && <span className="text-slate-600"> (test)</span>} · {time.format(m.createdAt)}
                </span>
                <Badge tone={STATUS_TONE[m.status as keyof typeof STATUS_TONE] ?? "slate"}>{m.status}</Badge>
              </span>
              <span className="mt-1 block truncate text-sm text-slate-800">{m.summary}</span>
              <span className="mt-0.5 flex justify-between gap-2 text-xs text-slate-600">
                <span className="truncate">{m.to}</span>
                <span className="shrink-0 tabular-nums">
                  {m.direction === "inbound" ? "" : `$${m.price.toFixed(3)}`}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <ScrollRegion
        className="mt-4 hidden overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm md:block"
        label="Messages"
      >
        <table className="w-full min-w-[760px] text-left text-sm">
          <TableHead columns={["Time", "Kind", "To", "Message", "Status", ">Price"]} />
          <tbody className="divide-y divide-slate-100">
            {rows.map((m) => (
              <tr
                key={m.transactionId}
                data-testid="message-row"
                onClick={() => setOpen(m.transactionId)}
                className={`cursor-pointer hover:bg-slate-50 ${open === m.transactionId ? "bg-brand-50" : ""}`}
              >
                <td className="px-4 py-2.5 text-xs tabular-nums text-slate-600">{time.format(m.createdAt)}</td>
                <td className="px-4 py-2.5 text-xs">
                  {m.kind === "sms" ? (m.direction === "inbound" ? "SMS reply" : "SMS") : "Email"}
                  {m.via === "smtp" && " via SMTP"} {m.mode === "test" && <span className="text-muted">(test)</span>}
                </td>
                <td className="max-w-[14rem] truncate px-4 py-2.5 text-xs" title={m.to}>
                  {m.to}
                </td>
                <td className="max-w-[18rem] truncate px-4 py-2.5 text-xs text-slate-700" title={m.summary}>
                  {m.summary}
                </td>
                <td className="px-4 py-2.5">
                  <Badge tone={STATUS_TONE[m.status as keyof typeof STATUS_TONE] ?? "slate"}>{m.status}</Badge>
                </td>
                <td className="px-4 py-2.5 text-right text-xs tabular-nums">
                  {m.direction === "inbound" ? "—" : `$${m.price.toFixed(3)}`}
                  {m.mode === "test" && <span className="block text-[0.7rem] text-slate-600">test: not charged</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {query.isSuccess && rows.length === 0 && (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-600">
          No messages yet.
        </p>
      )}
      {query.hasNextPage && (
        <div className="mt-4 text-center">
          <Button variant="secondary" onClick={() => query.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </>
  );
}
