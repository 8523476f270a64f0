// Not a bench section: CPU milliseconds one live sms/send costs the serving process, on the lean front and on
// baseline (b), at a fixed rate below saturation (so neither waits on the other's share of the cores). The
// difference is what the framework and the pipeline cost per request. `npx tsx scripts/bench/cpu-per-send.ts`;
// CPU_RATE sets requests per second (default 200), CPU_SECONDS the measured time (default 10).
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { freePort } from "../../test/free-port";
import { BARE_SEND_ARGS, KASA_SERVER_ARGS, LIVE_SMS, start } from "./harness";
import { exitWhenDone, withSendRig } from "./send-rig";

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
    body: LIVE_SMS,
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

exitWhenDone(
  withSendRig(async ({ env: base, liveKey }) => {
    const extra = process.env.CPU_EXTRA_ENV ? Object.fromEntries(new URLSearchParams(process.env.CPU_EXTRA_ENV)) : {};
    const env = { ...base, ...extra };
    for (let round = 0; round < 2; round++) {
      await measure("front", KASA_SERVER_ARGS, env, liveKey);
      await measure("bare", BARE_SEND_ARGS, env, liveKey);
    }
  }),
);
