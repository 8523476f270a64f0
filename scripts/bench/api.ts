// The HTTP API bench: on a production build, (a) a bare Node http server
// answering JSON, (b) a bare Node server doing a live send's database writes
// with plain pg, and (c) Kasa's POST /api/v1/sms/send (test key, and live key
// through a Twilio-compatible carrier on 127.0.0.1) and GET /api/v1/sms/countries,
// each on the lean Node front (`npm start`) and on App Router route handlers
// (`next start`); (d) email.
import { spawn, type ChildProcess } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { freePort } from "../../test/free-port";
import {
  CONNECTIONS,
  DURATION,
  KASA_SERVER_ARGS,
  WARM_UP_SECONDS,
  load,
  serverEnv,
  start,
  withServer,
  type BenchAccount,
  type Row,
} from "./harness";

const TWILIO = { TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000", TWILIO_AUTH_TOKEN: "bench-auth-token" };

export async function benchApi(databaseUrl: string, fixture: BenchAccount): Promise<string> {
  const children: ChildProcess[] = [];
  try {
    const twilioPort = await freePort();
    children.push(
      await start(
        "fake carrier",
        ["--import", "tsx", "test/fixtures/serve-fake-twilio.ts"],
        { ...TWILIO, PORT: String(twilioPort) },
        twilioPort,
      ),
    );
    const smtpPort = await freePort();
    children.push(
      spawn(process.execPath, ["--import", "tsx", "test/fixtures/serve-smtp-sink.ts"], {
        env: { ...process.env, PORT: String(smtpPort) },
        stdio: ["ignore", "ignore", "inherit"],
      }),
    );
    const env = serverEnv(databaseUrl, {
      ...TWILIO,
      TWILIO_API_BASE_URL: `http://127.0.0.1:${twilioPort}`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
    const rows: Row[] = [];

    await withServer("bare-json", ["--import", "tsx", "scripts/bench/bare-json.ts"], {}, async (url) =>
      rows.push(await load("(a) bare Node http, JSON", `${url}/`, "POST", {}, "{}")),
    );
    await withServer(
      "bare-pg",
      ["--import", "tsx", "scripts/bench/bare-pg.ts"],
      { DATABASE_URL: databaseUrl, BENCH_ACCOUNT: fixture.accountId, BENCH_KEY_ID: fixture.liveKeyId },
      async (url) => rows.push(await load("(b) bare Node + pg, a live send's writes", `${url}/`, "POST", {}, "{}")),
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
          JSON.stringify({ to: "+233241234567", message: "Bench" }),
        ),
      );
      rows.push(
        await load(
          `(c) ${mount}: sms/send, live key`,
          `${url}/api/v1/sms/send`,
          "POST",
          { authorization: `Bearer ${fixture.liveKey}` },
          JSON.stringify({ to: "+233241234567", message: "Bench" }),
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
  const b = find("(b)");
  const ratio = (r: Row, base: Row) => {
    const pct = (r.rps / base.rps) * 100;
    return `${pct.toFixed(pct < 10 ? 1 : 0)}%`;
  };
  const table = rows
    .map(
      (r) =>
        `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.name.startsWith("(c)") ? ratio(r, a) : ""} | ${r.name.startsWith("(c)") ? ratio(r, b) : ""} | ${r.non2xx + r.errors} |`,
    )
    .join("\n");
  return `## HTTP API (${new Date().toISOString().slice(0, 10)})

autocannon, ${CONNECTIONS} connections, ${DURATION} s per row after ${WARM_UP_SECONDS} s of warm-up,
against a production build, on this machine (${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB; the load generator, the server and PostgreSQL share the cores).
Every server is its own process; PostgreSQL is the embedded server; the live key's carrier is a Twilio-compatible server on 127.0.0.1.

| Scenario | req/s | p50 ms | p99 ms | c/a | c/b | non-2xx + errors |
|---|---|---|---|---|---|---|
${table}

A 100-item email batch (live key, ledger and limits, pooled SMTP to a local sink), one batch at a time:
mean ${batch.mean} ms, p50 ${batch.p50} ms, max ${batch.max} ms over ${batch.runs} batches.

(a) is the ceiling of Node's HTTP stack here; (b) is the ceiling of the database work of a live SMS send with plain pg; (d) is email, which has no bare baseline yet.
c/a and c/b compare each Kasa row with them. Kasa's live send can pass (b) because each of its steps is one SQL
statement (the balance row is locked for one statement, not across a transaction's round trips) run as a prepared statement. The lean Node front serves /api/v1 by default (\`npm start\`); see docs/decisions.md.`;
}
