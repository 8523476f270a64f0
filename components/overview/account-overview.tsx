"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card } from "../ui/card";
import { Badge } from "../ui/badge";
import { PageHeader } from "../ui/page-header";
import { GetStartedChecklist } from "../onboarding/get-started-checklist";
import { MessagesChart } from "./messages-chart";
import { RecentActivity } from "./recent-activity";

const SERVICE_LABELS: Record<string, string> = { sms: "SMS", email: "Email", data: "Data bundles", airtime: "Airtime" };

export function AccountOverview({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const { data, error } = useQuery(trpc.account.overview.queryOptions({ accountId }));
  const { data: activity } = useQuery(trpc.account.activity.queryOptions({ accountId }));
  // The checklist's own query (deduplicated with the card's): the page waits for it, so the card does not push
  // the page down when it arrives.
  const { data: checklist } = useQuery(trpc.onboarding.checklist.queryOptions({ accountId }));
  if (error)
    return (
      <p role="alert" className="text-sm text-red-600">
        {error.message}
      </p>
    );
  if (!data || !activity || !checklist) return <p className="text-sm text-muted">Loading…</p>;
  // Live figures once the account sends live; until then its sandbox traffic, so a new account sees its own tests.
  const shownMode = activity.messages.live.sms.sent + activity.messages.live.email.sent > 0 ? "live" : "test";
  return (
    <>
      <PageHeader
        title={data.name}
        description={`Account ${data.id}`}
        actions={
          <div className="flex items-center gap-2">
            <Badge tone="blue">
              {/* A badge is a flex box, which drops a space that starts a text run. */}
              <span data-testid="plan-name">{data.plan.name}</span>
              {"\u00a0"}plan
            </Badge>
            <Badge tone={data.status === "active" ? "green" : "red"}>{data.status}</Badge>
          </div>
        }
      />
      <GetStartedChecklist accountId={accountId} canSend={data.role !== "viewer"} />
      <div className="grid gap-4 md:grid-cols-3">
        <Card title="Balance">
          <p className="text-3xl font-semibold tabular-nums" data-testid="balance">
            {data.balance} <span className="text-base font-normal text-muted">{data.currency}</span>
          </p>
          <p className="mt-1 text-xs text-muted" data-testid="balance-days">
            {activity.balanceDays === null
              ? "Prepaid; test keys never charge."
              : `Lasts about ${activity.balanceDays.toLocaleString("en")} days at the last 7 days' spend.`}
          </p>
        </Card>
        <Card title="Spend this month">
          <p className="text-3xl font-semibold tabular-nums" data-testid="spend-month">
            {activity.spend.thisMonth.toFixed(2)}{" "}
            <span className="text-base font-normal text-muted">{data.currency}</span>
          </p>
          <p className="mt-1 text-xs text-muted">
            Last month: {activity.spend.lastMonth.toFixed(2)} {data.currency}
          </p>
        </Card>
        <Card title="Delivery rate, 14 days">
          <p className="text-3xl font-semibold tabular-nums" data-testid="delivery-rate">
            {rateText(activity.messages[shownMode].sms.deliveryRate)}
          </p>
          <p className="mt-1 text-xs text-muted">
            {shownMode === "live" ? "Live" : "Test"} SMS, of those settled; email{" "}
            {rateText(activity.messages[shownMode].email.deliveryRate)}.
          </p>
        </Card>
      </div>
      <Card title="Messages, last 14 days" className="mt-4">
        <MessagesChart days={activity.days} messages={activity.messages} initialMode={shownMode} />
      </Card>
      <RecentActivity accountId={accountId} messages={activity.recentMessages} errors={activity.recentErrors} />
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

function rateText(rate: number | null): string {
  return rate === null ? "–" : `${rate} %`;
}
