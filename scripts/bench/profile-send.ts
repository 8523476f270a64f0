// Not a bench section: a CPU profile of one live sms/send under load, on the lean front and on baseline (b), to see
// where the framework's share of a send goes. `npx tsx scripts/bench/profile-send.ts` after a bench build; profiles
// land in $PROFILE_DIR (default /tmp/kasa-profiles) and their heaviest functions are printed.
import { readdirSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort } from "../../test/free-port";
import { BARE_SEND_ARGS, KASA_SERVER_ARGS, LIVE_SMS, start } from "./harness";
import { exitWhenDone, withSendRig } from "./send-rig";

const OUT = process.env.PROFILE_DIR ?? "/tmp/kasa-profiles";

const LOAD_SECONDS = 9;

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

/**
 * What the measured load cost, function by function: only samples of the LOAD_SECONDS before the process was told
 * to stop (startup, module loading and Next's preparation left out), each function counted with what it called
 * (inclusive) and on its own (self).
 */
export function heaviest(dir: string, top = 40) {
  // The main thread's profile is the first one written (workers' threads, if any, follow it).
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort()[0]!;
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as Profile;
  const end = profile.endTime - 1e6;
  const hits = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i]!;
    if (at > end - LOAD_SECONDS * 1e6 && at <= end) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const name = (node: Node) =>
    `${node.callFrame.functionName || "(anonymous)"} ${node.callFrame.url.replace(/^.*node_modules\//, "nm/").replace(/^file:\/\/\/work\/main\//, "")}:${node.callFrame.lineNumber}`;
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  let total = 0;
  for (const [id, count] of hits) {
    total += count;
    self.set(name(byId.get(id)!), (self.get(name(byId.get(id)!)) ?? 0) + count);
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const key = name(byId.get(cur)!);
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + count);
      seen.add(key);
    }
  }
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${dir}: ${title} (${total} samples of the load)`);
    for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  };
  print("self", self);
  print("inclusive", inclusive);
}

async function profiled(name: string, args: string[], env: Record<string, string>, url: string, key: string) {
  const dir = join(OUT, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const child = await start(
    name,
    ["--cpu-prof", `--cpu-prof-dir=${dir}`, ...args],
    { ...env, PORT: String(port) },
    port,
  );
  const target = `http://127.0.0.1:${port}${url}`;
  const options = {
    url: target,
    method: "POST" as const,
    connections: 50,
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: LIVE_SMS,
  };
  await autocannon({ ...options, duration: 3 });
  const result = await autocannon({ ...options, duration: LOAD_SECONDS + 1 });
  console.log(`${name}: ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}`);
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  heaviest(dir);
}

if (process.env.PROFILE_READ) heaviest(process.env.PROFILE_READ, Number(process.env.PROFILE_TOP ?? 40));
else
  exitWhenDone(
    withSendRig(async ({ env, liveKey }) => {
      const only = process.env.PROFILE_ONLY;
      if (!only || only === "front") await profiled("front", KASA_SERVER_ARGS, env, "/api/v1/sms/send", liveKey);
      if (!only || only === "bare") await profiled("bare", BARE_SEND_ARGS, env, "/api/v1/sms/send", liveKey);
    }),
  );
