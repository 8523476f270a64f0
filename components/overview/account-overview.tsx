"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { PageHeader } from "../ui/page-header";

const SERVICE_LABELS: Record<string, string> = { sms: "SMS", email: "Email", data: "Data bundles", airtime: "Airtime" };

export function AccountOverview({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const { data, error } = useQuery(trpc.account.overview.queryOptions({ accountId }));
  if (error)
    return (
      <p role="alert" className="text-sm text-red-600">
        {error.message}
      </p>
    );
  if (!data) return <p className="text-sm text-muted">Loading…</p>;
  return (
    <>
      <PageHeader
        title={data.name}
        description={`Account ${data.id}`}
        actions={<Badge tone={data.status === "active" ? "green" : "red"}>{data.status}</Badge>}
      />
      <div className="grid gap-4 md:grid-cols-3">
        <Card title="Balance">
          <p className="text-3xl font-semibold tabular-nums" data-testid="balance">
            {data.balance} <span className="text-base font-normal text-muted">{data.currency}</span>
          </p>
          <p className="mt-1 text-xs text-muted">Prepaid; test keys never charge.</p>
        </Card>
        <Card title="Plan">
          <p className="text-3xl font-semibold">{data.plan.name}</p>
          <p className="mt-1 text-xs text-muted">Limits below are requests per minute / day / month.</p>
        </Card>
        <Card title="API keys">
          <p className="text-3xl font-semibold tabular-nums">{data.activeKeys}</p>
          <Link
            href={`/accounts/${accountId}/keys`}
            className="mt-1 inline-block text-xs font-medium text-brand-700 hover:underline"
          >
            Manage keys →
          </Link>
        </Card>
      </div>
      <Card title="Plan limits" className="mt-4">
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-muted">
            <tr>
              <th className="py-2 font-medium">Service</th>
              <th className="font-medium">Per minute</th>
              <th className="font-medium">Per day</th>
              <th className="font-medium">Per month</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.limits.map((l) => (
              <tr key={l.service}>
                <td className="py-2 font-medium">{SERVICE_LABELS[l.service] ?? l.service}</td>
                <td className="tabular-nums">{l.perMinute.toLocaleString("en")}</td>
                <td className="tabular-nums">{l.perDay.toLocaleString("en")}</td>
                <td className="tabular-nums">{l.perMonth.toLocaleString("en")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
