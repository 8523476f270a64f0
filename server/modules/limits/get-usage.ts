import { db } from "../../db/client";
import { readRateLimit } from "./consume-rate-limit";
import { planLimits, type Service } from "./plan-limits";

const SERVICES: Service[] = ["sms", "email", "data", "airtime"];
const DAYS = 30;

/**
 * The Usage page: live requests per service per UTC day for 30 days, against
 * the plan's daily limit, and the current minute/day/month counters. A day's
 * count is what used quota: live requests of the service that reached a
 * transaction or succeeded (refused and given-back requests are left out).
 */
export async function getUsage(input: { accountId: string }) {
  const account = await db().account.findUniqueOrThrow({ where: { id: input.accountId }, select: { planId: true } });
  const since = new Date(Date.now() - (DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  const rows = await db().$queryRaw<{ day: Date; service: Service; n: bigint }[]>`
    SELECT date_trunc('day', created_at, 'UTC') AS day, service, count(*) AS n
    FROM request_logs
    WHERE account_id = ${input.accountId} AND mode = 'live' AND service IS NOT NULL AND created_at >= ${since}
      AND idempotent_replay = false AND (status < 400 OR transaction_id IS NOT NULL)
    GROUP BY 1, 2`;
  const days = Array.from({ length: DAYS }, (_, i) =>
    new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );
  const daily = days.map((day) => ({
    day,
    ...Object.fromEntries(
      SERVICES.map((s) => [
        s,
        Number(rows.find((r) => r.service === s && r.day.toISOString().slice(0, 10) === day)?.n ?? 0),
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
