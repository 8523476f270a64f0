// Week or month? (docs/decisions.md, "History and retention"). The same request-log lines, 90 days of one account, in two copies of
// request_logs: one partitioned by week (as Kasa is), one by month. Each of the log's kinds of read is timed on
// both with EXPLAIN ANALYZE (planning and execution, median of RUNS), so the choice rests on numbers.
import { sql } from "../../server/db/client";
import type { BenchAccount } from "./harness";

const LINES = Number(process.env.BENCH_PARTITION_LINES ?? 3_000_000);
const RUNS = 50;
const DAYS = 90;

type Timing = { planMs: number; execMs: number };

export async function benchPartitions(_url: string, fixture: BenchAccount): Promise<string> {
  const pool = sql();
  for (const table of ["pw_week", "pw_month"]) {
    await pool.query(`DROP TABLE IF EXISTS ${table}`);
    await pool.query(`CREATE TABLE ${table} (LIKE request_logs INCLUDING ALL) PARTITION BY RANGE (created_at)`);
  }
  await pool.query(
    `SELECT kasa_ensure_week_partitions('pw_week', now() - interval '${DAYS + 1} days', now() + interval '4 weeks')`,
  );
  await pool.query(`DO $$ DECLARE m date := date_trunc('month', now() - interval '${DAYS + 1} days');
    BEGIN WHILE m <= now() + interval '1 month' LOOP
      EXECUTE format('CREATE TABLE %I PARTITION OF pw_month FOR VALUES FROM (%L) TO (%L)',
        'pw_month_' || to_char(m, 'YYYYMM'), m, m + interval '1 month');
      m := m + interval '1 month';
    END LOOP; END $$`);
  console.log(`bench: partitions: writing ${LINES.toLocaleString("en")} lines into each copy`);
  await pool.query(
    `INSERT INTO pw_week (created_at, account_id, key_prefix, mode, method, path, status, error_code, latency_ms,
       service, request_id)
     SELECT now() - ((${LINES} - i)::float8 / ${LINES}) * interval '${DAYS} days', $1, 'kasa_live_abc', 'live', 'POST',
       (ARRAY['/api/v1/sms/send','/api/v1/email/send','/api/v1/balance'])[1 + i % 3],
       CASE WHEN i % 10 = 0 THEN 400 ELSE 200 END, CASE WHEN i % 10 = 0 THEN 'INVALID_PHONE_NUMBER' END, 9,
       'sms', 'req_pw_' || i
     FROM generate_series(1, ${LINES}) AS i`,
    [fixture.accountId],
  );
  await pool.query(`INSERT INTO pw_month SELECT * FROM pw_week`);
  await pool.query(`VACUUM ANALYZE pw_week, pw_month`);
  const { rows } = await pool.query<{ id: string }>(`SELECT id::text FROM pw_week ORDER BY id LIMIT 1 OFFSET $1`, [
    Math.floor(LINES / 2),
  ]);
  const middleId = rows[0]!.id;

  const reads: [string, string, unknown[]][] = [
    [
      "newest page",
      `SELECT * FROM $T WHERE account_id = $1 ORDER BY created_at DESC, id DESC LIMIT 51`,
      [fixture.accountId],
    ],
    [
      "an error code no line has",
      `SELECT * FROM $T WHERE account_id = $1 AND error_code = 'NO_SUCH_CODE' ORDER BY created_at DESC, id DESC LIMIT 51`,
      [fixture.accountId],
    ],
    [
      "a day 40 days ago",
      `SELECT * FROM $T WHERE account_id = $1 AND created_at >= now() - interval '40 days'
         AND created_at < now() - interval '39 days' ORDER BY created_at DESC, id DESC LIMIT 51`,
      [fixture.accountId],
    ],
    [
      "a line by its id (a cursor)",
      `SELECT created_at FROM $T WHERE account_id = $1 AND id = $2`,
      [fixture.accountId, middleId],
    ],
  ];
  const results: { read: string; week: Timing; month: Timing }[] = [];
  for (const [read, text, values] of reads)
    results.push({
      read,
      week: await timed(text.replace("$T", "pw_week"), values),
      month: await timed(text.replace("$T", "pw_month"), values),
    });
  const partitions = async (table: string) =>
    (
      await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = $1::regclass`, [
        table,
      ])
    ).rows[0]!.n;
  const [weeks, months] = [await partitions("pw_week"), await partitions("pw_month")];
  for (const table of ["pw_week", "pw_month"]) await pool.query(`DROP TABLE ${table}`);

  const cell = (t: Timing) => `${t.planMs.toFixed(2)} + ${t.execMs.toFixed(2)}`;
  return `## Request-log partitions: week or month (${new Date().toISOString().slice(0, 10)})

\`npm run bench -- partitions\`: ${LINES.toLocaleString("en")} request-log lines of one account over ${DAYS} days, in two
copies of \`request_logs\` with its indexes: by week (${weeks} partitions, as Kasa keeps them: ${DAYS} days and 4 weeks
ahead) and by month (${months}). Planning + execution ms, median of ${RUNS} EXPLAIN ANALYZE runs each.

| Read | by week | by month |
|---|---|---|
${results.map((r) => `| ${r.read} | ${cell(r.week)} | ${cell(r.month)} |`).join("\n")}

At a retention of ${DAYS} days a line lives at most ${DAYS + 7} days by week and ${DAYS + 31} by month (a partition goes
when its last line is past retention): weekly partitions keep up to a quarter less. See docs/decisions.md.`;
}

async function timed(text: string, values: unknown[]): Promise<Timing> {
  const plans: number[] = [];
  const execs: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const { rows } = await sql().query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
    const result = (rows[0] as { "QUERY PLAN": [{ "Planning Time": number; "Execution Time": number }] })[
      "QUERY PLAN"
    ][0];
    if (i < 3) continue;
    plans.push(result["Planning Time"]);
    execs.push(result["Execution Time"]);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { planMs: median(plans), execMs: median(execs) };
}
