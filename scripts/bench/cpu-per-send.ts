// Not a bench section: CPU milliseconds one live sms/send costs the serving process, on the lean front and on
// baseline (b), at a fixed rate below saturation (so neither waits on the other's share of the cores). The
// difference is what the framework and the pipeline cost per request. `npx tsx scripts/bench/cpu-per-send.ts`;
// CPU_RATE sets requests per second (default 200), CPU_SECONDS the measured time (default 10).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { startEmbeddedPostgres } from "../../server/db/embedded";
import { migrate } from "../../server/db/migrate";
import { disconnectDb } from "../../server/db/client";
import { freePort } from "../../test/free-port";
import { KASA_SERVER_ARGS, prepareAccount, serverEnv, start } from "./harness";

const TWILIO = { TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000", TWILIO_AUTH_TOKEN: "bench-auth-token" };
const RATE = Number(process.env.CPU_RATE ?? 200);
const SECONDS = Number(process.env.CPU_SECONDS ?? 10);

/** utime + stime of a process, in ms (clock ticks of 10 ms on Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(name: string, args: string[], env: Record<string, string>, key: string) {
  const port = await freePort();
  const child = await start(name, args, { ...env, PORT: String(port) }, port);
  const options = {
    url: `http://127.0.0.1:${port}/api/v1/sms/send`,
    method: "POST" as const,
    connections: 20,
    overallRate: RATE,
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ to: "+233241234567", message: "Bench" }),
  };
  await autocannon({ ...options, duration: 4 });
  const before = cpuMs(child.pid!);
  const result = await autocannon({ ...options, duration: SECONDS });
  const used = cpuMs(child.pid!) - before;
  const requests = result.requests.total;
  console.log(
    `${name}: ${requests} requests (non-2xx ${result.non2xx}), ${used} ms CPU, ${(used / requests).toFixed(3)} ms CPU per send, p50 ${result.latency.p50} ms`,
  );
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

async function main() {
  process.env.KASA_SECRETS_KEY ??= randomBytes(32).toString("base64");
  const dataDir = mkdtempSync(join(tmpdir(), "kasa-cpu-"));
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  try {
    await migrate(database.url);
    process.env.DATABASE_URL = database.url;
    const fixture = await prepareAccount();
    const twilioPort = await freePort();
    const carrier = await start(
      "fake carrier",
      ["--import", "tsx", "test/fixtures/serve-fake-twilio.ts"],
      { ...TWILIO, PORT: String(twilioPort) },
      twilioPort,
    );
    const env = {
      ...serverEnv(database.url, { ...TWILIO, TWILIO_API_BASE_URL: `http://127.0.0.1:${twilioPort}` }),
      ...(process.env.CPU_EXTRA_ENV ? Object.fromEntries(new URLSearchParams(process.env.CPU_EXTRA_ENV)) : {}),
    };
    const bare = ["--max-semi-space-size=64", "--import", "tsx", "scripts/bench/bare-pg.ts"];
    for (let round = 0; round < 2; round++) {
      await measure("front", KASA_SERVER_ARGS, env, fixture.liveKey);
      await measure("bare", bare, env, fixture.liveKey);
    }
    carrier.kill();
  } finally {
    await disconnectDb();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
