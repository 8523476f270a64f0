// SPEC 8.3: fixed per-minute, per-day and calendar-month windows per account
// and service, shared by all keys of the account. One INSERT ... ON CONFLICT
// checks all three windows and counts the request in the same statement, so
// any number of web processes enforce one limit exactly: PostgreSQL's row
// lock serialises them and re-checks the WHERE after each wait. Windows come
// from the database clock (one clock for every instance); tests inject `at` or pin the clock (server/lib/clock.ts).
import { sql } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { planLimits, type Service, type WindowLimits } from "./plan-limits";
import { pinnedClock } from "../../lib/clock";

export type WindowName = "minute" | "day" | "month";
export type WindowState = { window: WindowName; limit: number; used: number; remaining: number; reset: number };
export type RateLimitResult = { windows: WindowState[]; headline: WindowState; starts: Record<WindowName, Date> };

type Row = {
  minute_count: number;
  day_count: number;
  month_count: number;
  minute_start: Date;
  day_start: Date;
  month_start: Date;
  now: Date;
};

export async function consumeRateLimit(input: {
  accountId: string;
  planId: string;
  service: Service;
  at?: Date;
}): Promise<RateLimitResult> {
  const limits = await planLimits(input.planId, input.service);
  const at = input.at ?? pinnedClock();
  const { rows: counted } = await sql().query<Row>(consumeStatement({ ...input, at }, limits));
  if (counted[0]) return describe(counted[0], limits);

  const state = await readRateLimit({ ...input, at: at ?? undefined });
  const exceeded =
    state.windows.filter((w) => w.remaining === 0).sort((a, b) => b.reset - a.reset)[0] ?? state.headline;
  const nowSeconds = Math.floor((at ?? new Date()).getTime() / 1000);
  throw new AppError("RATE_LIMIT_EXCEEDED", {
    message: `Rate limit exceeded: ${exceeded.limit} ${input.service} requests per ${exceeded.window}`,
    context: {
      limit: exceeded.limit,
      remaining: 0,
      reset: exceeded.reset,
      retryAfter: Math.max(1, exceeded.reset - nowSeconds),
      window: exceeded.window,
    },
  });
}

/** consumeRateLimit()'s one statement (the API bench's baseline runs it too): a row when the request was counted, none when a window is full. */
export function consumeStatement(
  input: { accountId: string; service: Service; at: Date | null },
  limits: WindowLimits,
): { name: string; text: string; values: unknown[] } {
  return {
    name: "rate-limit-consume",
    text: `
    WITH w AS (
      SELECT t AS now, date_trunc('minute', t, 'UTC') AS m, date_trunc('day', t, 'UTC') AS d, date_trunc('month', t, 'UTC') AS mo
      FROM (SELECT COALESCE($1::timestamptz, now()) AS t) clock
    )
    INSERT INTO rate_counters AS c (account_id, service, minute_start, minute_count, day_start, day_count, month_start, month_count)
    SELECT $2::text, $3::"service", w.m, 1, w.d, 1, w.mo, 1 FROM w
    ON CONFLICT (account_id, service) DO UPDATE SET
      minute_count = CASE WHEN c.minute_start = EXCLUDED.minute_start THEN c.minute_count + 1 ELSE 1 END,
      minute_start = EXCLUDED.minute_start,
      day_count = CASE WHEN c.day_start = EXCLUDED.day_start THEN c.day_count + 1 ELSE 1 END,
      day_start = EXCLUDED.day_start,
      month_count = CASE WHEN c.month_start = EXCLUDED.month_start THEN c.month_count + 1 ELSE 1 END,
      month_start = EXCLUDED.month_start
    WHERE (CASE WHEN c.minute_start = EXCLUDED.minute_start THEN c.minute_count ELSE 0 END) < $4
      AND (CASE WHEN c.day_start = EXCLUDED.day_start THEN c.day_count ELSE 0 END) < $5
      AND (CASE WHEN c.month_start = EXCLUDED.month_start THEN c.month_count ELSE 0 END) < $6
    RETURNING c.minute_count, c.day_count, c.month_count, c.minute_start, c.day_start, c.month_start, (SELECT now FROM w) AS now`,
    values: [input.at, input.accountId, input.service, limits.minute, limits.day, limits.month],
  };
}

/** The counters as they stand, without counting anything (balance endpoint, usage page, 429 context). */
export async function readRateLimit(input: {
  accountId: string;
  planId: string;
  service: Service;
  at?: Date;
}): Promise<RateLimitResult> {
  const limits = await planLimits(input.planId, input.service);
  const at = input.at ?? pinnedClock();
  const { rows } = await sql().query<Row>(
    `
    WITH w AS (
      SELECT t AS now, date_trunc('minute', t, 'UTC') AS m, date_trunc('day', t, 'UTC') AS d, date_trunc('month', t, 'UTC') AS mo
      FROM (SELECT COALESCE($1::timestamptz, now()) AS t) clock
    )
    SELECT
      CASE WHEN c.minute_start = w.m THEN c.minute_count ELSE 0 END AS minute_count,
      CASE WHEN c.day_start = w.d THEN c.day_count ELSE 0 END AS day_count,
      CASE WHEN c.month_start = w.mo THEN c.month_count ELSE 0 END AS month_count,
      w.m AS minute_start, w.d AS day_start, w.mo AS month_start, w.now
    FROM w LEFT JOIN rate_counters c ON c.account_id = $2 AND c.service = $3::"service"`,
    [at, input.accountId, input.service],
  );
  const row = rows[0]!;
  return describe(
    { ...row, minute_count: row.minute_count ?? 0, day_count: row.day_count ?? 0, month_count: row.month_count ?? 0 },
    limits,
  );
}

function describe(row: Row, limits: WindowLimits): RateLimitResult {
  const monthEnd = new Date(row.month_start);
  monthEnd.setUTCMonth(monthEnd.getUTCMonth() + 1);
  const ends: Record<WindowName, number> = {
    minute: row.minute_start.getTime() + 60_000,
    day: row.day_start.getTime() + 86_400_000,
    month: monthEnd.getTime(),
  };
  const used: Record<WindowName, number> = { minute: row.minute_count, day: row.day_count, month: row.month_count };
  const windows = (["minute", "day", "month"] as const).map((window) => ({
    window,
    limit: limits[window],
    used: used[window],
    remaining: Math.max(0, limits[window] - used[window]),
    reset: Math.floor(ends[window] / 1000),
  }));
  // The headers describe the window closest to running out; on a tie, the shortest.
  const headline = windows.reduce((best, w) => (w.remaining < best.remaining ? w : best));
  return { windows, headline, starts: { minute: row.minute_start, day: row.day_start, month: row.month_start } };
}

/**
 * Uncounts a request that failed before any transaction existed (say, 402
 * INSUFFICIENT_BALANCE): a request that did nothing uses no quota. Only the
 * windows it was counted in are touched.
 */
export async function giveBackRateLimit(input: {
  accountId: string;
  service: Service;
  counted: RateLimitResult;
}): Promise<void> {
  const { minute, day, month } = input.counted.starts;
  await sql().query(
    `UPDATE rate_counters SET
      minute_count = CASE WHEN minute_start = $1 THEN GREATEST(minute_count - 1, 0) ELSE minute_count END,
      day_count = CASE WHEN day_start = $2 THEN GREATEST(day_count - 1, 0) ELSE day_count END,
      month_count = CASE WHEN month_start = $3 THEN GREATEST(month_count - 1, 0) ELSE month_count END
    WHERE account_id = $4 AND service = $5::"service"`,
    [minute, day, month, input.accountId, input.service],
  );
}
