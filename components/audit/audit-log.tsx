"use client";
import { useState } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { utcTime } from "../ui/format-time";

const CATEGORIES = [
  ["", "Everything"],
  ["key", "API keys"],
  ["webhook", "Webhooks"],
  ["domain", "Domains"],
  ["mailbox", "Mailboxes"],
  ["sender", "Senders"],
  ["member", "Members"],
  ["account", "Account"],
  ["billing", "Billing"],
  ["balance", "Balance"],
  ["user", "Sign-ins"],
  ["suppression", "Suppressions"],
] as const;

type Category = Exclude<(typeof CATEGORIES)[number][0], "">;

/** The log, newest first, 50 at a time, filtered by kind and by member; the same filters export as CSV. */
export function AuditLog({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const [category, setCategory] = useState("");
  const [actor, setActor] = useState("");
  const team = useQuery(trpc.team.list.queryOptions({ accountId }));
  const filter = { accountId, category: (category || undefined) as Category | undefined, actor: actor || undefined };
  const log = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions(filter, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  const csv = `/accounts/${accountId}/audit/export?${new URLSearchParams({ category, actor })}`;

  return (
    <section aria-label="Audit entries" className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-end gap-3 border-b border-slate-200 px-4 py-3 text-sm">
        <div>
          <label htmlFor="audit-category" className="block font-medium text-slate-700">
            Kind
          </label>
          <select
            id="audit-category"
            value={category}
            onChange={(e) => setCategory(e.target.value)}
            className="mt-1 rounded-md border border-slate-300 bg-white px-3 py-2"
          >
            {CATEGORIES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor="audit-actor" className="block font-medium text-slate-700">
            Who
          </label>
          <select
            id="audit-actor"
            value={actor}
            onChange={(e) => setActor(e.target.value)}
            className="mt-1 max-w-full rounded-md border border-slate-300 bg-white px-3 py-2"
          >
            <option value="">Anyone</option>
            {team.data?.members.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.email}
              </option>
            ))}
          </select>
        </div>
        <a
          href={csv}
          className="ml-auto rounded-md px-3 py-2 font-medium text-brand-700 ring-1 ring-slate-300 hover:bg-slate-50"
          download
        >
          Export CSV
        </a>
      </div>
      {log.error && (
        <p role="alert" className="px-4 py-3 text-sm text-red-600">
          {log.error.message}
        </p>
      )}
      <ul className="divide-y divide-slate-100">
        {entries.map((e) => (
          <li key={e.id} className="px-4 py-3 text-sm" data-testid="audit-row">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <code className="font-medium text-slate-900">{e.action}</code>
              {e.bySupport && <Badge tone="amber">Support</Badge>}
              <span className="text-slate-600">{e.actorLabel}</span>
              <time className="ml-auto whitespace-nowrap text-muted" dateTime={new Date(e.createdAt).toISOString()}>
                {utcTime(e.createdAt)}
              </time>
            </div>
            <p className="mt-1 break-all text-slate-600">
              {e.target}
              {e.reason ? ` · “${e.reason}”` : ""}
              {Object.keys(e.data).length ? ` · ${describe(e.data)}` : ""}
            </p>
          </li>
        ))}
        {log.isSuccess && entries.length === 0 && <li className="px-4 py-6 text-sm text-slate-600">Nothing yet.</li>}
      </ul>
      {log.hasNextPage && (
        <div className="border-t border-slate-200 px-4 py-3">
          <Button variant="secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
            Load more
          </Button>
        </div>
      )}
    </section>
  );
}

function describe(data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(
      ([k, v]) =>
        `${k}: ${Array.isArray(v) ? v.join(", ") : typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)}`,
    )
    .join(" · ");
}
