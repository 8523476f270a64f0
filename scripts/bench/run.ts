// `npm run bench [-- api|webhooks ...]`: each section writes its part of docs/benchmarks.md.
// api: on a production build, (a) a bare Node http server answering JSON,
// (b) a bare Node server doing a live send's database writes with plain pg,
// and (c) Kasa's POST /api/v1/sms/send (test key, and live key through a
// Twilio-compatible carrier on 127.0.0.1) and GET /api/v1/sms/countries, each
// on the lean Node front (`npm start`) and on App Router route handlers
// (`next start`); (d) email. webhooks: see scripts/bench/webhooks.ts.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir, cpus, totalmem } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { randomBytes } from "node:crypto";
import { startEmbeddedPostgres } from "../../server/db/embedded";
import { migrate } from "../../server/db/migrate";
import { db, disconnectDb, sql } from "../../server/db/client";
import { createAccount } from "../../server/modules/accounts/create-account";
import { creditBalance } from "../../server/modules/billing/credit-balance";
import { newId } from "../../server/lib/ids";
import { addDomain } from "../../server/modules/domains/add-domain";
import { freePort } from "../../test/free-port";
import { connect } from "node:net";
import { writeSection } from "./report";
import { benchWebhooks, type WebhookBench } from "./webhooks";

const SECTIONS = ["api", "webhooks", "smpp"] as const;
const chosen = process.argv.slice(2).length ? process.argv.slice(2) : [...SECTIONS];
for (const name of chosen)
  if (!SECTIONS.includes(name as never))
    throw new Error(`unknown bench section ${name}; choose from ${SECTIONS.join(", ")}`);

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const WARM_UP_SECONDS = 3;
const DIST = ".next-bench";
const TWILIO = { TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000", TWILIO_AUTH_TOKEN: "bench-auth-token" };

type Row = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };

async function main() {
  // One throwaway sealing key for the bench process and the servers it starts.
  process.env.KASA_SECRETS_KEY ??= randomBytes(32).toString("base64");
  if ((chosen.includes("api") || chosen.includes("smpp")) && !process.env.BENCH_SKIP_BUILD) {
    console.log("bench: building into", DIST);
    const build = spawnSync("npx", ["next", "build"], {
      stdio: "inherit",
      env: { ...process.env, KASA_DIST_DIR: DIST, NEXT_TELEMETRY_DISABLED: "1" },
    });
    if (build.status !== 0) throw new Error("build failed");
  }
  const dir = mkdtempSync(join(tmpdir(), "kasa-bench-"));
  const database = await startEmbeddedPostgres({ dataDir: dir, port: await freePort() });
  const children: ChildProcess[] = [];
  try {
    await migrate(database.url);
    process.env.DATABASE_URL = database.url;
    const fixture = await prepareAccount();
    if (chosen.includes("webhooks")) {
      const runs = [
        await benchWebhooks(database.url, fixture.accountId, 10_000),
        await benchWebhooks(database.url, fixture.accountId, 50_000),
      ];
      writeSection("webhooks", webhookReport(runs));
    }
    if (chosen.includes("smpp")) writeSection("smpp", await benchSmpp(database.url, fixture.liveKey));
    if (!chosen.includes("api")) return;
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
    const env = {
      DATABASE_URL: database.url,
      KASA_DIST_DIR: DIST,
      NODE_ENV: "production",
      NEXTAUTH_SECRET: "bench-only-secret",
      ...TWILIO,
      TWILIO_API_BASE_URL: `http://127.0.0.1:${twilioPort}`,
      HOST: "127.0.0.1",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    };
    const rows: Row[] = [];

    await withServer("bare-json", ["--import", "tsx", "scripts/bench/bare-json.ts"], {}, async (url) =>
      rows.push(await load("(a) bare Node http, JSON", `${url}/`, "POST", {}, "{}")),
    );
    await withServer(
      "bare-pg",
      ["--import", "tsx", "scripts/bench/bare-pg.ts"],
      { DATABASE_URL: database.url, BENCH_ACCOUNT: fixture.accountId, BENCH_KEY_ID: fixture.liveKeyId },
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
    // The same node flag as `npm start` (a larger young generation: fewer scavenges under load).
    await withServer(
      "kasa (lean front)",
      ["--max-semi-space-size=64", "--import", "tsx", "server/web.ts"],
      env,
      async (url) => {
        await scenarios("lean Node front", url);
        await emailScenarios(url);
      },
    );
    await withServer(
      "kasa (next start)",
      ["--max-semi-space-size=64", "node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1"],
      env,
      (url) => scenarios("App Router route handlers", url),
      true,
    );

    writeSection("api", apiReport(rows, batchLatency!));
  } finally {
    children.forEach((c) => c.kill("SIGTERM"));
    await disconnectDb();
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
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

async function prepareAccount() {
  // Its own plan with limits no benchmark reaches, so the limiter still runs but never refuses.
  await db().plan.create({
    data: {
      id: "bench",
      name: "Bench",
      rank: 99,
      limits: {
        create: ["sms", "email", "data", "airtime"].map((service) => ({
          service: service as "sms",
          perMinute: 100_000_000,
          perDay: 100_000_000,
          perMonth: 100_000_000,
        })),
      },
    },
  });
  const user = await db().user.create({ data: { id: newId("usr"), email: "bench@example.com" } });
  const created = await createAccount({ ownerUserId: user.id, name: "Bench", plan: "bench" as never, actor: "bench" });
  await creditBalance({
    accountId: created.account.id,
    amountMicros: 10_000_000_000_000n,
    reason: "bench",
    actor: "bench",
  });
  await addDomain({ accountId: created.account.id, name: "bench.example.com", verifiedBy: "bench" });
  return {
    accountId: created.account.id,
    testKey: created.keys.test.key,
    liveKey: created.keys.live.key,
    liveKeyId: created.keys.live.id,
  };
}

async function withServer(
  name: string,
  args: string[],
  env: Record<string, string>,
  fn: (url: string) => Promise<unknown>,
  useNodeBin = false,
) {
  const port = await freePort();
  const child = await start(
    name,
    useNodeBin ? [...args, "-p", String(port)] : args,
    { ...env, PORT: String(port) },
    port,
  );
  try {
    await fn(`http://127.0.0.1:${port}`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

async function start(
  name: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  probe: "http" | "tcp" = "http",
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const ready = () =>
    probe === "http"
      ? fetch(`http://127.0.0.1:${port}/`).then(
          () => true,
          () => false,
        )
      : tcpOpen(port);
  for (let i = 0; i < 600; i++) {
    if (await ready()) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not start`);
}

async function load(
  name: string,
  url: string,
  method: "GET" | "POST",
  headers: Record<string, string>,
  body: string | undefined,
  duration = DURATION,
): Promise<Row> {
  // Every row first runs its own request for a few seconds, so it measures a warmed-up path (JIT, pools,
  // plans), and starts right after a checkpoint, so no checkpoint's writes land in the middle of one row only.
  await autocannon({
    url,
    method,
    connections: CONNECTIONS,
    duration: WARM_UP_SECONDS,
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  // Earlier rows leave dead tuples behind (counters, balance); clean them so autovacuum does not run mid-row.
  await sql().query(
    "VACUUM (ANALYZE) accounts, rate_counters, sms_messages, email_messages, ledger_entries, events, request_logs",
  );
  await sql().query("CHECKPOINT");
  const result = await autocannon({
    url,
    method,
    connections: CONNECTIONS,
    duration,
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  const row = {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.log(
    `bench: ${name}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, non-2xx ${row.non2xx}, errors ${row.errors}`,
  );
  return row;
}

/** Live sends through one SMPP bind to a local SMSC (its own process), on the lean front. */
async function benchSmpp(databaseUrl: string, liveKey: string): Promise<string> {
  const smscPort = await freePort();
  const smsc = await start(
    "smsc",
    ["--import", "tsx", "test/fixtures/serve-smsc.ts"],
    { PORT: String(smscPort) },
    smscPort,
    "tcp",
  );
  let row: Row | undefined;
  try {
    const env = {
      DATABASE_URL: databaseUrl,
      KASA_DIST_DIR: DIST,
      NODE_ENV: "production",
      NEXTAUTH_SECRET: "bench-only-secret",
      HOST: "127.0.0.1",
      KASA_WORKER: "off",
      SMS_CARRIERS: `smsc=smpp://kasa:secret@127.0.0.1:${smscPort}?window=64`,
    };
    await withServer(
      "kasa (lean front, SMPP)",
      ["--max-semi-space-size=64", "--import", "tsx", "server/web.ts"],
      env,
      async (url) => {
        row = await load(
          "sms/send through one SMPP bind, live key",
          `${url}/api/v1/sms/send`,
          "POST",
          { authorization: `Bearer ${liveKey}` },
          JSON.stringify({ to: "+233241234567", message: "Bench over SMPP" }),
        );
      },
    );
  } finally {
    smsc.kill("SIGTERM");
  }
  return `## SMS over SMPP (${new Date().toISOString().slice(0, 10)})

autocannon, ${CONNECTIONS} connections, ${DURATION} s after ${WARM_UP_SECONDS} s of warm-up: POST /api/v1/sms/send with a live key (ledger, limits,
request log) on the lean front, through one SMPP transceiver bind (window 64) to a local SMSC in its own process
that answers every submit_sm at once. Each accepted request is one submit_sm.

| Scenario | submit_sm/s (req/s) | p50 ms | p99 ms | non-2xx + errors |
|---|---|---|---|---|
| ${row!.name} | ${row!.rps} | ${row!.p50} | ${row!.p99} | ${row!.non2xx + row!.errors} |

Target (issue #6): at least 300 submit_sm/s on one bind on 2 cores.`;
}

function webhookReport(runs: WebhookBench[]) {
  const table = runs
    .map((r) => `| ${r.events.toLocaleString("en")} | ${r.workers} | ${r.drainSeconds} | ${r.perSecond} |`)
    .join("\n");
  return `## Webhook delivery (${new Date().toISOString().slice(0, 10)})

A backlog of \`sms.delivered\` events (written through the outbox trigger, one delivery each) drained by worker
processes (\`npm run worker\`, default settings: 64 attempts in flight each, keep-alive HTTPS) into a local HTTPS
receiver in its own process that answers 200 at once. Signing, the connect-time address check and the
per-attempt record are all in the path. ${cpus().length} cores shared by PostgreSQL, the workers and the receiver.

| Events in the backlog | Workers | Drain time s | Deliveries/s |
|---|---|---|---|
${table}

Target (issue #5): at least 500 deliveries/s on 2 cores.`;
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

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}
