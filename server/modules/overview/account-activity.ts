import { db } from "../../db/client";
import { toAmountNumber } from "../../lib/money";
import { listMessages } from "../messages/list-messages";
import { latestErrorLines } from "../requestlog/list-requests";
import { dailyCounts, type DayCount } from "./daily-counts";

export const ACTIVITY_DAYS = 14;
const day = 86_400_000;
const CHANNELS = ["sms", "email"] as const;
/** How the chart groups a message's status: what arrived, what is on its way, what did not, what nobody knows. */
const OUTCOME: Record<string, Outcome> = {
  delivered: "delivered",
  pending: "sending",
  scheduled: "sending",
  sent: "sending",
  failed: "failed",
  unknown: "unknown",
};
type Outcome = "delivered" | "sending" | "failed" | "unknown";
type Mode = "live" | "test";
const utcDate = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The Overview (docs/decisions.md, "First run and the Overview"): 14 days of messages by channel and outcome, the delivery rate, spend this month against
 * last, how long the balance lasts at the last 7 days' rate, and the last 10 messages and API errors. Every figure
 * comes from the day counters (daily-counts.ts) or a page of an index: the cost is the days shown, not the history.
 */
export async function accountActivity(accountId: string, now = new Date()) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const lastMonthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  const chartStart = today - (ACTIVITY_DAYS - 1) * day;
  const [counts, account, messages, errors] = await Promise.all([
    dailyCounts(accountId, utcDate(Math.min(chartStart, lastMonthStart))),
    db().account.findUniqueOrThrow({ where: { id: accountId }, select: { balanceMicros: true, currency: true } }),
    listMessages({ accountId, limit: 10 }),
    latestErrorLines(accountId, 10),
  ]);
  const days = Array.from({ length: ACTIVITY_DAYS }, (_, i) => utcDate(chartStart + i * day));
  const spendBetween = (from: number, to: number) => {
    const [first, end] = [utcDate(from), utcDate(to)];
    return counts
      .filter((c) => c.metric === "spend_micros" && c.day >= first && c.day < end)
      .reduce((sum, c) => sum + c.value, 0);
  };
  const spentThisMonth = spendBetween(monthStart, today + day);
  const spentLastMonth = spendBetween(lastMonthStart, monthStart);
  const spentLast7Days = spendBetween(today - 6 * day, today + day);
  const balance = Number(account.balanceMicros);
  return {
    days,
    messages: { live: perChannel(counts, days, "live"), test: perChannel(counts, days, "test") },
    currency: account.currency,
    balance: toAmountNumber(account.balanceMicros),
    spend: {
      thisMonth: toAmountNumber(BigInt(spentThisMonth)),
      lastMonth: toAmountNumber(BigInt(spentLastMonth)),
      perDayLast7Days: toAmountNumber(BigInt(Math.round(spentLast7Days / 7))),
    },
    // Days the balance lasts at the last week's rate; null when nothing was spent (it lasts).
    balanceDays: spentLast7Days > 0 ? Math.floor((balance * 7) / spentLast7Days) : null,
    recentMessages: messages.items,
    recentErrors: errors,
  };
}

function perChannel(counts: DayCount[], days: string[], mode: Mode) {
  return Object.fromEntries(
    CHANNELS.map((channel) => {
      const byDay = days.map((d) => {
        const row: Record<Outcome, number> = { delivered: 0, sending: 0, failed: 0, unknown: 0 };
        for (const c of counts) {
          if (c.day !== d || c.mode !== mode || !c.metric.startsWith(`${channel}.`)) continue;
          const outcome = OUTCOME[c.metric.slice(channel.length + 1)];
          if (outcome) row[outcome] += c.value;
        }
        return row;
      });
      const total = (o: Outcome) => byDay.reduce((sum, r) => sum + r[o], 0);
      const settled = total("delivered") + total("failed") + total("unknown");
      return [
        channel,
        {
          byDay,
          sent: byDay.reduce((sum, r) => sum + r.delivered + r.sending + r.failed + r.unknown, 0),
          delivered: total("delivered"),
          // Of the messages whose fate is known or given up on; null before any is.
          deliveryRate: settled ? Math.round((total("delivered") / settled) * 1000) / 10 : null,
        },
      ];
    }),
  ) as Record<
    (typeof CHANNELS)[number],
    { byDay: Record<Outcome, number>[]; sent: number; delivered: number; deliveryRate: number | null }
  >;
}
