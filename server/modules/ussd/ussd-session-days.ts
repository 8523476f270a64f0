// The USSD page's chart (issue #41, point 6): one mode's sessions per UTC day for 14 days, by how they ended, from
// the day counters. It reads the days it shows (a few rows per day), whatever the account's history.
import { dailyCounts } from "../overview/daily-counts";
import { sessionsByEnding } from "./ussd-day-counts";

const DAYS = 14;

export async function ussdSessionDays(input: { accountId: string; mode: "live" | "test"; now?: Date }) {
  const now = input.now ?? new Date();
  const days = Array.from({ length: DAYS }, (_, i) =>
    new Date(now.getTime() - (DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const counts = (await dailyCounts(input.accountId, days[0]!)).filter((c) => c.mode === input.mode);
  return { days, byDay: sessionsByEnding(counts, days) };
}
