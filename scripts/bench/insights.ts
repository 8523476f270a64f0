// Insights at 10 M messages (issue #43; docs/decisions.md, "Insights"): the Insights page's procedure and the
// analytics endpoint's reading, timed on an empty account and on one whose counters hold 10 M SMS, 2 M emails and
// 1 M webhook deliveries over 90 days, beside 1,000 small accounts.
//
// The seed writes the counters those messages leave, not the messages: every reading of Insights is a GROUP BY over
// delivery_counts (and the unfolded deltas), and a property test (delivery-counts.int.test.ts) holds those counters
// equal to a GROUP BY over the rows whatever wrote them. So the seed aggregates the messages' facts from
// generate_series in SQL, with a spread of the dimensions a busy Ghanaian sender has: three countries and their
// networks, two carriers, three senders, a broadcast a day, five failure reasons and the delivery-time buckets.
import { sql } from "../../server/db/client";
import { readMigrations } from "../../server/db/migrate";
import { enableBusyAccountsViews } from "../../server/modules/insights/enable-delivery-views";
import { CASES, callerFor, type Callers, type Targets } from "./scale-cases";
import { meetsTarget, ms, ratioOf, WARM_UPS, type Timing } from "./scale-report";
import { measureAll } from "./scale";
import type { BenchAccount } from "./harness";

const MESSAGES = Number(process.env.BENCH_INSIGHTS_MESSAGES ?? 10_000_000);
const DAYS = 90;
/** Calls per case: these take milliseconds, and the p95 of 30 (the second slowest) moved 2x between runs. */
const SAMPLES = 200;
/** The migrations whose backfills fill the tables folded beside the hourly counters. */
const BACKFILLS = ["20261127130000_delivery_counts_daily"];

/** Counters of `n` messages of one channel for an account, spread over the last DAYS days. */
export function seedCounters(channel: "sms" | "email" | "webhook", n: number) {
  // A network belongs to its country; a broadcast runs on one day (a tenth of that day's messages).
  const broadcast = `CASE WHEN (h >> 9) % 10 = 0 THEN 'brd_bench_' || (i * ${DAYS} / ${n}) ELSE '' END`;
  const dims =
    channel === "sms"
      ? `k.country, net.network, 'africa_local', (ARRAY['twilio','smpp-a'])[1 + (h >> 6) % 2],
         (ARRAY['Kasa','BenchCo','Promo'])[1 + (h >> 7) % 3], ${broadcast}`
      : channel === "email"
        ? `'', (ARRAY['gmail.com','yahoo.com','outlook.com','example.com.gh'])[1 + (h >> 3) % 4], '', '',
           'hello@bench.example.com', ${broadcast}`
        : `'', '', '', 'endpoint-' || ((h >> 3) % 3), (ARRAY['sms.delivered','sms.failed','email.delivered'])[1 + (h >> 5) % 3], ''`;
  const delivered = channel === "webhook" ? "succeeded" : "delivered";
  return `
    INSERT INTO delivery_counts AS c (account_id, channel, mode, hour, country, network, route, carrier, sender,
      broadcast_id, outcome, reason, bucket, value)
    SELECT $1, '${channel}', 'live'::key_mode, date_trunc('hour', now() - (i::float8 / ${n}) * interval '${DAYS} days', 'UTC'), ${dims},
      CASE WHEN (h >> 13) % 100 < 90 THEN '${delivered}' WHEN (h >> 13) % 100 < 97 THEN 'failed' ELSE 'sent' END,
      CASE WHEN (h >> 13) % 100 BETWEEN 90 AND 96
        THEN (ARRAY['absent_subscriber','invalid_sender_id','unknown_subscriber','rejected','network_error'])[1 + (h >> 20) % 5]
        ELSE '' END,
      CASE WHEN (h >> 13) % 100 < 90 THEN (2 + (h >> 24) % 7)::smallint ELSE -1::smallint END,
      count(*)
    FROM generate_series(1, ${n}) AS i, LATERAL (SELECT abs(hashint8(i)) AS h) x,
      LATERAL (SELECT (ARRAY['GH','GH','GH','GH','GH','NG','KE'])[1 + h % 7] AS country) k,
      LATERAL (SELECT CASE k.country WHEN 'GH' THEN (ARRAY['mtn','mtn','telecel','at'])[1 + (h >> 3) % 4]
                                     WHEN 'NG' THEN 'airtel-ng' ELSE 'safaricom' END AS network) net
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
    ON CONFLICT (account_id, channel, mode, hour, country, network, route, carrier, sender, broadcast_id, outcome,
      reason, bucket) DO UPDATE SET value = c.value + EXCLUDED.value`;
}

export async function benchInsights(_url: string, fixture: BenchAccount): Promise<string> {
  const { rows } = await sql().query<{ owner_user_id: string }>(
    `SELECT user_id AS owner_user_id FROM memberships WHERE account_id = $1 AND role = 'owner' LIMIT 1`,
    [fixture.accountId],
  );
  const callers: Callers = {
    owner: await callerFor(rows[0]!.owner_user_id),
    staff: await callerFor(null),
    anonymous: await callerFor(null),
  };
  const targets = { accountId: fixture.accountId } as Targets;
  const cases = CASES.filter((c) => c.path === "insights.page" || c.path.startsWith("GET /api/v1/analytics"));
  const empty = await measureAll("insights, empty", callers, targets, undefined, cases, SAMPLES);

  const started = performance.now();
  await sql().query(seedCounters("sms", MESSAGES), [fixture.accountId]);
  await sql().query(seedCounters("email", MESSAGES / 5), [fixture.accountId]);
  await sql().query(seedCounters("webhook", MESSAGES / 10), [fixture.accountId]);
  // 1,000 small accounts beside it: 2,000 SMS each.
  for (let a = 0; a < 1_000; a++)
    await sql().query(seedCounters("sms", 2_000), [`acct_bench_small_${String(a).padStart(4, "0")}`]);
  // The daily counters, as the fold keeps them beside the hourly ones: their migration's backfill, run over the seed.
  for (const migration of readMigrations().filter((m) => BACKFILLS.includes(m.name)))
    for (const statement of migration.sql.split(/;\s*\n/).filter((s) => /^\s*(--.*\n\s*)*INSERT INTO/.test(s)))
      await sql().query(statement);
  // The big account is busy: the worker's hourly pass turns its views on (the small ones stay on their counters).
  const viewsStarted = performance.now();
  const turnedOn = await enableBusyAccountsViews();
  const viewsSeconds = Math.round((performance.now() - viewsStarted) / 1000);
  await sql().query("VACUUM (ANALYZE) delivery_counts, delivery_counts_daily, delivery_views");
  const seconds = Math.round((performance.now() - started) / 1000);
  const { rows: size } = await sql().query<{ n: string; per: string; daily: string; views: string }>(
    `SELECT count(*)::text AS n, (SELECT count(*) FROM delivery_counts WHERE account_id = $1)::text AS per,
            (SELECT count(*) FROM delivery_counts_daily WHERE account_id = $1)::text AS daily,
            (SELECT count(*) FROM delivery_views WHERE account_id = $1)::text AS views FROM delivery_counts`,
    [fixture.accountId],
  );
  console.log(
    `bench: insights: counters seeded in ${seconds} s: ${size[0]!.n} rows, ${size[0]!.per} the big account's`,
  );
  const full = await measureAll("insights, 10 M", callers, targets, empty, cases, SAMPLES);

  const lines = [
    "## Insights at 10 M messages",
    "",
    `\`npm run bench -- insights\` (scripts/bench/insights.ts), ${new Date().toISOString().slice(0, 10)}: one account's counters for ` +
      `${(MESSAGES / 1e6).toLocaleString("en")} M SMS, ${(MESSAGES / 5e6).toLocaleString("en")} M emails and ` +
      `${(MESSAGES / 1e7).toLocaleString("en")} M webhook deliveries over ${DAYS} days (${Number(size[0]!.per).toLocaleString("en")} hourly counter rows, ${Number(size[0]!.daily).toLocaleString("en")} daily, ${Number(size[0]!.views).toLocaleString("en")} view rows), ` +
      `beside 1,000 accounts of 2,000 SMS (${Number(size[0]!.n).toLocaleString("en")} rows in all), seeded in ${seconds} s ` +
      `(of which ${viewsSeconds} s the worker's pass that turned views on for ${turnedOn} busy account, the time that pass takes, under the lock folds wait for). ` +
      "The counters are what the messages leave (the seed aggregates their facts in SQL; a property test holds the " +
      "triggers' counters to a GROUP BY over the rows). Each case called in-process through the tRPC caller as the " +
      `owner, ${SAMPLES} calls after ${WARM_UPS} warm-ups. Target: p95 under 100 ms and within 2x of the empty account's.`,
    "",
    "| Case | empty p50/p95 ms | 10 M p50/p95 ms | ratio | target met |",
    "|---|---|---|---|---|",
    ...cases.map((c, i) => {
      const e = empty[i]!;
      const f = full[i]!;
      const cell = (t: Timing) => ("error" in t ? t.error : `${ms(t.p50)} / ${ms(t.p95)}`);
      const ratio = "error" in e || "error" in f ? "-" : `${ratioOf(e, f).toFixed(1)}x`;
      return `| ${c.path}${c.label ? ` ${c.label}` : ""} | ${cell(e)} | ${cell(f)} | ${ratio} | ${meetsTarget(e, f) ? "yes" : "**no**"} |`;
    }),
  ];
  return lines.join("\n");
}
