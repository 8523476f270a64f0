"use client";
import { ChartFigure } from "../ui/chart-figure";
import { DailyUsageBars, type DailyUsageProps, type Day } from "./daily-usage-bars";

/** What a day's count counts: API requests, except USSD's sessions (a subscriber's dial, not a request). */
const COUNTED = {
  sms: "SMS requests",
  email: "Email requests",
  data: "Data bundle requests",
  airtime: "Airtime requests",
  verify: "Verification requests",
  lookup: "Number lookup requests",
  ussd: "USSD sessions",
  whatsapp: "WhatsApp send requests",
} as const;

export function DailyUsageChart({ data, service, dailyLimit }: DailyUsageProps) {
  const total = data.reduce((sum, d) => sum + d[service], 0);
  const peak = data.reduce<Day | undefined>((best, d) => (!best || d[service] > best[service] ? d : best), undefined);
  const title = `${COUNTED[service]} per day, last 30 days (UTC)`;
  const summary =
    `${title}: ${total.toLocaleString("en")} in all` +
    (peak && peak[service] > 0 ? `, at most ${peak[service].toLocaleString("en")} on ${peak.day}` : "") +
    `; daily limit ${dailyLimit.toLocaleString("en")}.`;
  return (
    <ChartFigure
      className="mt-4 h-40"
      summary={summary}
      caption={title}
      columns={["Day", service === "ussd" ? "Sessions" : "Requests"]}
      rows={data.map((d) => [d.day, d[service]])}
    >
      <DailyUsageBars data={data} service={service} dailyLimit={dailyLimit} />
    </ChartFigure>
  );
}
