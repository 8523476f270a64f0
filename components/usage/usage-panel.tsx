"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { PageHeader } from "../ui/page-header";
import { Card } from "../ui/card";
import { DailyUsageChart } from "./daily-usage-chart";
import { WindowMeter } from "./window-meter";

const LABELS = {
  sms: "SMS",
  email: "Email",
  data: "Data bundles",
  airtime: "Airtime",
  verify: "Verify",
  lookup: "Lookup",
  ussd: "USSD",
  whatsapp: "WhatsApp",
} as const;

export function UsagePanel({ accountId }: { accountId: string }) {
  const trpc = useTRPC();
  const { data, error } = useQuery(trpc.usage.get.queryOptions({ accountId }, { refetchInterval: 15_000 }));
  if (error)
    return (
      <p role="alert" className="text-sm text-red-600">
        {error.message}
      </p>
    );
  return (
    <>
      <PageHeader
        title="Usage"
        description="Live-key requests against your plan's limits. Test keys never count. Windows are fixed and in UTC; the month resets at 00:00 UTC on the 1st."
      />
      {!data ? (
        <p className="text-sm text-muted">Loading…</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {data.services.map(({ service, limits, windows }) => (
            <Card key={service} title={LABELS[service]}>
              <div data-testid={`usage-${service}`} className="grid grid-cols-3 gap-3">
                {windows.map((w) => (
                  <WindowMeter key={w.window} window={w} />
                ))}
              </div>
              <DailyUsageChart data={data.daily} service={service} dailyLimit={limits.day} />
            </Card>
          ))}
        </div>
      )}
    </>
  );
}
