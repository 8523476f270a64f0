// The Verify page's figures, from the day counters (daily_counts, kept by the
// verifications trigger): sent and approved per day and per country, the time
// approvals took, and what the messages cost. It reads the days it shows.
import { sql } from "../../db/client";
import { toAmountNumber } from "../../lib/money";
import { dailyCounts } from "../overview/daily-counts";
import { lastUtcDays } from "../../lib/last-utc-days";
import { coverage } from "../coverage/coverage-cache";

const DAYS = 14;

/** What a verification's message cost, on its day's counter (the money itself is the message's ledger entries). */
export async function countVerifySpend(v: { accountId: string; mode: string; createdAt: Date }, micros: bigint) {
  await sql().query(
    `INSERT INTO daily_count_deltas (account_id, day, metric, mode, delta)
     VALUES ($1, ($2::timestamptz AT TIME ZONE 'UTC')::date, 'verify.spend_micros', $3, $4)`,
    [v.accountId, v.createdAt, v.mode, micros.toString()],
  );
}

export async function verifyStats({
  accountId,
  mode,
  now = new Date(),
}: {
  accountId: string;
  mode: "live" | "test";
  now?: Date;
}) {
  const days = lastUtcDays(DAYS, now);
  const counts = (await dailyCounts(accountId, days[0]!)).filter(
    (c) => c.mode === mode && c.metric.startsWith("verify."),
  );
  const sum = (metric: string, day?: string) =>
    counts.filter((c) => c.metric === metric && (!day || c.day === day)).reduce((t, c) => t + c.value, 0);
  const perDay = days.map((day) => {
    const sent = sum("verify.sent", day);
    const approved = sum("verify.approved", day);
    return { day, sent, approved, conversion: sent ? approved / sent : null };
  });
  const places = new Set(
    counts.filter((c) => /^verify\.sent\.[A-Za-z]+$/.test(c.metric)).map((c) => c.metric.slice("verify.sent.".length)),
  );
  const { byIso } = await coverage();
  const perCountry = [...places]
    .map((place) => {
      const sent = sum(`verify.sent.${place}`);
      const approved = sum(`verify.approved.${place}`);
      const name = place === "email" ? "Email" : (byIso.get(place)?.name ?? place);
      return { place, name, sent, approved, conversion: sent ? approved / sent : null };
    })
    .sort((a, b) => b.sent - a.sent);
  const sent = sum("verify.sent");
  const approved = sum("verify.approved");
  return {
    days: DAYS,
    perDay,
    perCountry,
    sent,
    approved,
    conversion: sent ? approved / sent : null,
    averageSecondsToApprove: approved ? Math.round(sum("verify.approve_seconds") / approved) : null,
    spend: toAmountNumber(BigInt(sum("verify.spend_micros"))),
  };
}
