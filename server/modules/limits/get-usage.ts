import { db } from "../../db/client";
import { readRateLimit } from "./consume-rate-limit";
import { planLimits } from "./plan-limits";
import { SERVICES, type Service } from "./services";
import { dailyCounts } from "../overview/daily-counts";
import { sessionsUsingQuota } from "../ussd/ussd-day-counts";

const DAYS = 30;

/**
 * The Usage page: live requests per service per UTC day for 30 days, against
 * the plan's daily limit, and the current minute/day/month counters. A day's
 * count is what used quota (usesQuota): live requests of the service that
 * reached a transaction or succeeded (refused and replayed ones are left out).
 */
export async function getUsage(input: { accountId: string }) {
  const account = await db().account.findUniqueOrThrow({ where: { id: input.accountId }, select: { planId: true } });
  const since = new Date(Date.now() - (DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  // 30 rows per service at most, whatever the traffic: the counters the request-log writer keeps (usage_daily).
  // USSD counts sessions, which come from subscribers and not from requests: its day counters (daily_counts).
  const [rows, counts] = await Promise.all([
    db().usageDay.findMany({
      where: { accountId: input.accountId, mode: "live", day: { gte: since } },
      select: { day: true, service: true, quotaRequests: true },
    }),
    dailyCounts(input.accountId, since.toISOString().slice(0, 10)),
  ]);
  const ussdDays = sessionsUsingQuota(counts.filter((c) => c.mode === "live"));
  const days = Array.from({ length: DAYS }, (_, i) =>
    new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );
  const daily = days.map((day) => ({
    day,
    ...Object.fromEntries(
      SERVICES.map((s) => [
        s,
        s === "ussd"
          ? (ussdDays.get(day) ?? 0)
          : Number(rows.find((r) => r.service === s && r.day.toISOString().slice(0, 10) === day)?.quotaRequests ?? 0),
      ]),
    ),
  })) as ({ day: string } & Record<Service, number>)[];
  const services = await Promise.all(
    SERVICES.map(async (service) => ({
      service,
      limits: await planLimits(account.planId, service),
      windows: (await readRateLimit({ accountId: input.accountId, planId: account.planId, service })).windows,
    })),
  );
  return { plan: account.planId, daily, services };
}
