// The HTTP API bench: on a production build, (a) a bare Node http server
// answering JSON, (b) a bare Node server doing a live send's database and
// carrier work with Kasa's own statements and nothing else (bare-pg.ts; (b0)
// is the first, naive baseline, naive-pg.ts), and (c) Kasa's POST
// /api/v1/sms/send (test key, and live key through a Twilio-compatible carrier
// on 127.0.0.1) and GET /api/v1/sms/countries, each on the lean Node front
// (`npm start`) and on App Router route handlers (`next start`); (d) email.
import { spawn, type ChildProcess } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { freePort } from "../../test/free-port";
import {
  BARE_SEND_ARGS,
  CONNECTIONS,
  DURATION,
  KASA_SERVER_ARGS,
  LIVE_SMS,
  WARM_UP_SECONDS,
  load,
  serverEnv,
  startFakeCarrier,
  withServer,
  type BenchAccount,
  type Row,
} from "./harness";
import { childEnv } from "../../server/config/config";

/** docs/decisions.md, "Performance and serving": Kasa's live send on the lean front keeps at least this share of (b), the same work without the framework. */
const TARGET_OF_B = 0.85;

export async function benchApi(databaseUrl: string, fixture: BenchAccount): Promise<string> {
  const children: ChildProcess[] = [];
  try {
    const carrier = await startFakeCarrier();
    children.push(carrier.child);
    const smtpPort = await freePort();
    children.push(
      spawn(process.execPath, ["--import", "tsx", "test/fixtures/serve-smtp-sink.ts"], {
        env: childEnv({ PORT: String(smtpPort) }),
        stdio: ["ignore", "ignore", "inherit"],
      }),
    );
    const env = serverEnv(databaseUrl, { ...carrier.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    const rows: Row[] = [];

    await withServer("bare-json", ["--import", "tsx", "scripts/bench/bare-json.ts"], {}, async (url) =>
      rows.push(await load("(a) bare Node http, JSON", `${url}/`, "POST", {}, "{}")),
    );
    await withServer(
      "naive-pg",
      ["--import", "tsx", "scripts/bench/naive-pg.ts"],
      { DATABASE_URL: databaseUrl, BENCH_ACCOUNT: fixture.accountId, BENCH_KEY_ID: fixture.liveKeyId },
      async (url) => rows.push(await load("(b0) naive two-transaction send", `${url}/`, "POST", {}, "{}")),
    );
    // Kasa's environment and node flags: the same pool, carrier configuration and callback URL.
    await withServer("bare-pg", BARE_SEND_ARGS, env, async (url) =>
      rows.push(
        await load(
          "(b) bare Node + pg: Kasa's own statements for a live send, and the carrier call",
          `${url}/api/v1/sms/send`,
          "POST",
          { authorization: `Bearer ${fixture.liveKey}` },
          LIVE_SMS,
        ),
      ),
    );
    const emailScenarios = async (url: string) => {
      const body = JSON.stringify({ to: "reader@example.org", subject: "Bench", text: "Hello from the benchmark" });
      rows.push(
        await load(
          "(d) lean Node front: email/send, live key",
          `${url}/api/v1/email/send`,
          "POST",
          { authorization: `Bearer ${fixture.liveKey}` },
          body,
        ),
      );
      batchLatency = await batchLatencies(`${url}/api/v1/email/batch`, fixture.liveKey);
    };
    const scenarios = async (mount: string, url: string) => {
      rows.push(
        await load(
          `(c) ${mount}: sms/send, test key`,
          `${url}/api/v1/sms/send`,
          "POST",
          { authorization: `Bearer ${fixture.testKey}` },
          LIVE_SMS,
        ),
      );
      rows.push(
        await load(
          `(c) ${mount}: sms/send, live key`,
          `${url}/api/v1/sms/send`,
          "POST",
          { authorization: `Bearer ${fixture.liveKey}` },
          LIVE_SMS,
        ),
      );
      rows.push(await load(`(c) ${mount}: sms/countries`, `${url}/api/v1/sms/countries`, "GET", {}, undefined));
    };
    let batchLatency: { runs: number; mean: number; p50: number; max: number } | undefined;
    await withServer("kasa (lean front)", KASA_SERVER_ARGS, env, async (url) => {
      await scenarios("lean Node front", url);
      await emailScenarios(url);
    });
    await withServer(
      "kasa (next start)",
      ["--max-semi-space-size=64", "node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1"],
      env,
      (url) => scenarios("App Router route handlers", url),
      true,
    );

    return apiReport(rows, batchLatency!);
  } finally {
    children.forEach((c) => c.kill("SIGTERM"));
  }
}

/** A 100-item batch, one at a time, 20 times (after 3 to warm up): how long each takes to be accepted. */
async function batchLatencies(url: string, key: string) {
  const emails = Array.from({ length: 100 }, (_, i) => ({
    to: `reader${i}@example.org`,
    subject: `Bench ${i}`,
    text: "Hello",
  }));
  const times: number[] = [];
  for (let i = 0; i < 23; i++) {
    const started = performance.now();
    const response = await fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ emails }),
    });
    if (response.status !== 200) throw new Error(`batch answered ${response.status}: ${await response.text()}`);
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const result = {
    runs: times.length,
    mean: Math.round(times.reduce((a, b) => a + b, 0) / times.length),
    p50: Math.round(times[Math.floor(times.length / 2)]!),
    max: Math.round(times.at(-1)!),
  };
  console.log(
    `bench: email/batch of 100: mean ${result.mean} ms, p50 ${result.p50} ms, max ${result.max} ms over ${result.runs} batches`,
  );
  return result;
}

function apiReport(rows: Row[], batch: { runs: number; mean: number; p50: number; max: number }) {
  const find = (prefix: string) => rows.find((r) => r.name.startsWith(prefix))!;
  const a = find("(a)");
  const b = find("(b) ");
  const leanLive = find("(c) lean Node front: sms/send, live key");
  const ratio = (r: Row, base: Row) => {
    const pct = (r.rps / base.rps) * 100;
    return `${pct.toFixed(pct < 10 ? 1 : 0)}%`;
  };
  // c/b only where c does b's work: a live send.
  const sameWorkAsB = (r: Row) => r.name.startsWith("(c)") && r.name.endsWith("sms/send, live key");
  const table = rows
    .map(
      (r) =>
        `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.name.startsWith("(c)") ? ratio(r, a) : ""} | ${sameWorkAsB(r) ? ratio(r, b) : ""} | ${r.non2xx + r.errors} |`,
    )
    .join("\n");
  const met = leanLive.rps >= TARGET_OF_B * b.rps;
  return `## HTTP API (${new Date().toISOString().slice(0, 10)})

autocannon, ${CONNECTIONS} connections, ${DURATION} s per row after ${WARM_UP_SECONDS} s of warm-up,
against a production build, on this machine (${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; the load generator, the server and PostgreSQL share the cores).
Every server is its own process; PostgreSQL is the embedded server; the live key's carrier is a Twilio-compatible server on 127.0.0.1.

| Scenario | req/s | p50 ms | p99 ms | c/a | c/b | non-2xx + errors |
|---|---|---|---|---|---|---|
${table}

**Target (docs/decisions.md, "History and retention"): live sms/send on the lean Node front >= ${TARGET_OF_B * 100}% of (b) at ${CONNECTIONS} connections: ${ratio(leanLive, b)}, ${met ? "met" : "not met"}.**

A 100-item email batch (live key, ledger and limits, pooled SMTP to a local sink), one batch at a time:
mean ${batch.mean} ms, p50 ${batch.p50} ms, max ${batch.max} ms over ${batch.runs} batches.

(a) is the ceiling of Node's HTTP stack here. (b) is a bare Node http server (scripts/bench/bare-pg.ts) doing a live
sms/send's database and carrier work and nothing else, all of it Kasa's own, imported from Kasa's modules: the key looked
up by its hash (cached 5 s, as Kasa does), the plan's limits and the coverage (cached 60 s and 30 s), then the same
statements in the same order, each one prepared statement and its own transaction, on Kasa's pool: the rate-limit count,
the reservation with the pending message, the call to the carrier through Kasa's Twilio adapter (keep-alive agent), the
settle (sent, capture, sms.sent event), and the request-log line through Kasa's batched writer. What (b) leaves out is the
framework and the /api/v1 pipeline: routing, admission, the deadline, reading and validating the body and the message,
error rendering, headers, metrics and the operator's log line. So c/b, given for the live sends only (the rows doing (b)'s
work), is what the framework and the pipeline cost. (b0) is the first baseline, a naive two-transaction version of a
send's writes with no carrier call (scripts/bench/naive-pg.ts), kept to compare with earlier runs. (d) is email, which
has no bare baseline yet. The lean Node front serves /api/v1 by default (\`npm start\`); see docs/decisions.md.`;
}
