import { sql } from "../../db/client";

export type DayCount = { day: string; metric: string; mode: "live" | "test"; value: number };

/**
 * An account's day counters from `from` (a UTC date) on: what the worker folded plus the deltas it has not folded
 * yet, in one statement (one snapshot), so the answer is exact whenever the folder last ran. Both reads start with
 * the account and the day, so they cost the days asked for, whatever the account's history.
 */
export async function dailyCounts(accountId: string, from: string): Promise<DayCount[]> {
  const { rows } = await sql().query<{ day: string; metric: string; mode: "live" | "test"; value: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, metric, mode::text AS mode, sum(value)::text AS value FROM (
       SELECT day, metric, mode, value FROM daily_counts WHERE account_id = $1 AND day >= $2::date
       UNION ALL
       SELECT day, metric, mode, delta FROM daily_count_deltas WHERE account_id = $1 AND day >= $2::date
     ) counts GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [accountId, from],
  );
  return rows.map((r) => ({ ...r, value: Number(r.value) }));
}
