"use client";
import { Link } from "../ui/link";
import { useState, type FormEvent } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { DATE_TIME as time } from "../ui/format-time";

const TONE: Record<string, "green" | "amber" | "red" | "slate"> = {
  delivered: "green",
  sent: "green",
  success: "green",
  succeeded: "green",
  pending: "amber",
  failed: "red",
  suppressed: "red",
  active: "green",
  suspended: "red",
};

export function StaffSearch({ initial }: { initial: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [q, setQ] = useState(initial);
  const results = useQuery({ ...trpc.staff.search.queryOptions({ q: initial }), enabled: initial.trim().length >= 3 });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    router.push(`/admin?q=${encodeURIComponent(q.trim())}`);
  }

  return (
    <>
      <h1 className="text-2xl font-semibold">Find anything</h1>
      <form onSubmit={onSubmit} role="search" className="mt-4 flex gap-2">
        <input
          value={q}
          onChange={(e) => setQ(e.target.value)}
          aria-label="Search"
          autoFocus
          placeholder="Transaction, batch, email, message or request id, phone number, email address, reference, account"
          className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
        />
        <Button type="submit">Search</Button>
      </form>
      {results.data && (
        <div className="mt-6 space-y-6">
          {results.data.accounts.length > 0 && (
            <Card title="Accounts">
              <ul className="divide-y divide-slate-100">
                {results.data.accounts.map((a) => (
                  <li key={a.id} className="flex items-center gap-3 py-2 text-sm" data-testid="account-result">
                    <Link className="font-medium text-brand-700 hover:underline" href={`/admin/accounts/${a.id}`}>
                      {a.name}
                    </Link>
                    <span className="font-mono text-xs text-muted">{a.id}</span>
                    <span className="text-xs text-muted">{a.owner}</span>
                    <Badge tone={TONE[a.status] ?? "slate"}>{a.status}</Badge>
                    <span className="text-xs">{a.plan}</span>
                  </li>
                ))}
              </ul>
            </Card>
          )}
          {results.data.requests.length > 0 && (
            <Card title="Requests">
              <ul className="divide-y divide-slate-100">
                {results.data.requests.map((r) => (
                  <li
                    key={r.requestId}
                    className="flex flex-wrap items-center gap-3 py-2 text-sm"
                    data-testid="request-result"
                  >
                    <span className="w-36 text-xs tabular-nums text-muted">{time.format(r.createdAt)}</span>
                    <span className="font-mono text-xs">
                      {r.method} {r.path}
                    </span>
                    <Badge tone={r.status < 400 ? "green" : r.status < 500 ? "amber" : "red"}>{r.status}</Badge>
                    {r.errorCode && <span className="font-mono text-xs">{r.errorCode}</span>}
                    {r.accountId && (
                      <Link className="text-xs text-brand-700 hover:underline" href={`/admin/accounts/${r.accountId}`}>
                        {r.accountId}
                      </Link>
                    )}
                    {r.transactionId && (
                      <Link
                        className="font-mono text-xs text-brand-700 hover:underline"
                        href={`/admin/transactions/${r.transactionId}`}
                      >
                        {r.transactionId}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </Card>
          )}
          <Card title="Transactions">
            {results.data.transactions.length === 0 ? (
              <p className="text-sm text-muted">No transaction matches.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {results.data.transactions.map((t) => (
                  <li
                    key={t.id}
                    className="flex flex-wrap items-center gap-3 py-2 text-sm"
                    data-testid="transaction-result"
                  >
                    <span className="w-36 text-xs tabular-nums text-muted">{time.format(t.createdAt)}</span>
                    <Link
                      className="font-mono text-xs text-brand-700 hover:underline"
                      href={`/admin/transactions/${t.id}`}
                    >
                      {t.id}
                    </Link>
                    <Badge tone={TONE[t.status] ?? "slate"}>{t.status}</Badge>
                    <span className="min-w-0 flex-1 truncate text-xs text-slate-700">{t.summary}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </>
  );
}
