// The USSD page's chart (issue #41, point 6): one mode's sessions per UTC day for 14 days, by how they ended, from
// the day counters. It reads the days it shows (a few rows per day), whatever the account's history.
import { dailyCounts } from "../overview/daily-counts";
import { lastUtcDays } from "../../lib/last-utc-days";
import { sessionsByEnding } from "./ussd-day-counts";

const DAYS = 14;

export async function ussdSessionDays(input: { accountId: string; mode: "live" | "test"; now?: Date }) {
  const days = lastUtcDays(DAYS, input.now);
  const counts = (await dailyCounts(input.accountId, days[0]!)).filter((c) => c.mode === input.mode);
  return { days, byDay: sessionsByEnding(counts, days) };
}
