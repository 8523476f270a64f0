// What every bench shares: the production build it runs, starting servers as
// child processes, one autocannon row, and the account every bench sends from.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { connect } from "node:net";
import autocannon from "autocannon";
import { db, sql } from "../../server/db/client";
import { createAccount } from "../../server/modules/accounts/create-account";
import { creditBalance } from "../../server/modules/billing/credit-balance";
import { newId } from "../../server/lib/ids";
import { SERVICES } from "../../server/modules/limits/services";
import { addDomain } from "../../server/modules/domains/add-domain";
import { freePort } from "../../test/free-port";
import { childEnv } from "../../server/config/config";

export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;
export const WARM_UP_SECONDS = 3;
// Inside node_modules: Next requires the build folder inside the project, and nothing watches node_modules.
export const DIST = "node_modules/.cache/kasa/next-bench";

export type Row = { name: string; rps: number; p50: number; p99: number; non2xx: number; errors: number };
export type BenchAccount = Awaited<ReturnType<typeof prepareAccount>>;

/** The production build the API benches run (BENCH_SKIP_BUILD reuses the last one). */
export function buildForBench() {
  if (process.env.BENCH_SKIP_BUILD) return;
  console.log("bench: building into", DIST);
  const build = spawnSync("npx", ["next", "build"], {
    stdio: "inherit",
    env: childEnv({ KASA_DIST_DIR: DIST, NEXT_TELEMETRY_DISABLED: "1" }),
  });
  if (build.status !== 0) throw new Error("build failed");
}

/** The environment of a production Kasa server started by a bench. */
export function serverEnv(databaseUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    KASA_DIST_DIR: DIST,
    NODE_ENV: "production",
    NEXTAUTH_SECRET: "bench-only-secret",
    HOST: "127.0.0.1",
    // Benches run servers one after another (and the faults bench several at once): only the smtp bench submits.
    KASA_SUBMISSION_PORT: "off",
    ...extra,
  };
}

/** The same node flag as `npm start` (a larger young generation: fewer scavenges under load). */
export const KASA_SERVER_ARGS = ["--max-semi-space-size=64", "--import", "tsx", "server/web.ts"];

/** Baseline (b): Kasa's own statements for a live send on a bare Node server (bare-pg.ts), with the same node flag. */
export const BARE_SEND_ARGS = ["--max-semi-space-size=64", "--import", "tsx", "scripts/bench/bare-pg.ts"];

/** The body of the live sms/send every send bench makes. */
export const LIVE_SMS = JSON.stringify({ to: "+233241234567", message: "Bench" });

/**
 * The Twilio-compatible carrier on 127.0.0.1 (test/fixtures/serve-fake-twilio.ts), and the settings that send a
 * Kasa server, or baseline (b), through it.
 */
export async function startFakeCarrier(): Promise<{ child: ChildProcess; env: Record<string, string> }> {
  const credentials = {
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
    TWILIO_AUTH_TOKEN: "bench-auth-token",
  };
  const port = await freePort();
  const child = await start(
    "fake carrier",
    ["--import", "tsx", "test/fixtures/serve-fake-twilio.ts"],
    { ...credentials, PORT: String(port) },
    port,
  );
  return { child, env: { ...credentials, TWILIO_API_BASE_URL: `http://127.0.0.1:${port}` } };
}

export async function prepareAccount() {
  // Its own plan with limits no benchmark reaches, so the limiter still runs but never refuses.
  await db().plan.create({
    data: {
      id: "bench",
      name: "Bench",
      rank: 99,
      limits: {
        // Every service: a plan missing one is one no deployment has (the Usage page answered 500 for it).
        create: SERVICES.map((service) => ({
          service,
          perMinute: 100_000_000,
          perDay: 100_000_000,
          perMonth: 100_000_000,
        })),
      },
    },
  });
  const user = await db().user.create({
    data: { id: newId("usr"), email: "bench@example.com", emailVerifiedAt: new Date() },
  });
  const created = await createAccount({
    ownerUserId: user.id,
    name: "Bench",
    plan: "bench" as never,
    actor: "bench",
    liveKey: true,
  });
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

export async function withServer(
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

export async function start(
  name: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  probe: "http" | "tcp" = "http",
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: childEnv(env),
    stdio: ["ignore", process.env.BENCH_SERVER_LOG ? "inherit" : "ignore", "inherit"],
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

export async function load(
  name: string,
  url: string,
  method: "GET" | "POST",
  headers: Record<string, string>,
  body: string | undefined,
  duration = DURATION,
  connections = CONNECTIONS,
): Promise<Row> {
  // Every row first runs its own request for a few seconds, so it measures a warmed-up path (JIT, pools,
  // plans), and starts right after a checkpoint, so no checkpoint's writes land in the middle of one row only.
  await autocannon({
    url,
    method,
    connections,
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
    connections,
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

export function tcpOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false));
  });
}
