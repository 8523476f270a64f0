// Not a bench section: a CPU profile of one live sms/send under load, on the lean front and on baseline (b), to see
// where the framework's share of a send goes. `npx tsx scripts/bench/profile-send.ts` after a bench build; profiles
// land in $PROFILE_DIR (default /tmp/kasa-profiles) and their heaviest functions are printed.
import { readdirSync, readFileSync, rmSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort } from "../../test/free-port";
import { KASA_SERVER_ARGS, start } from "./harness";
import { BARE_ARGS, exitWhenDone, withSendRig } from "./send-rig";

const OUT = process.env.PROFILE_DIR ?? "/tmp/kasa-profiles";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };

export function heaviest(dir: string, top = 35) {
  // The main thread's profile is the first one written (workers' threads, if any, follow it).
  const file = readdirSync(dir)
    .filter((f) => f.endsWith(".cpuprofile"))
    .sort()[0]!;
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as { nodes: Node[] };
  const total = profile.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0);
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const where = node.callFrame.url.replace(/^.*node_modules\//, "nm/").replace(/^file:\/\/\/work\/main\//, "");
    const key = `${node.callFrame.functionName || "(anonymous)"} ${where}:${node.callFrame.lineNumber}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (node.hitCount ?? 0));
    const pkg = where.startsWith("nm/")
      ? where
          .split("/")
          .slice(0, where.startsWith("nm/@") ? 3 : 2)
          .join("/")
      : where;
    byFile.set(pkg, (byFile.get(pkg) ?? 0) + (node.hitCount ?? 0));
  }
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title} (${total} samples)`);
    for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  };
  print(`${dir}: by function`, byFunction);
  print(`${dir}: by file or package`, byFile);
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
    body: JSON.stringify({ to: "+233241234567", message: "Bench" }),
  };
  await autocannon({ ...options, duration: 3 });
  const result = await autocannon({ ...options, duration: 10 });
  console.log(`${name}: ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}`);
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  heaviest(dir);
}

if (process.env.PROFILE_READ) heaviest(process.env.PROFILE_READ);
else
  exitWhenDone(
    withSendRig(async ({ env, liveKey }) => {
      const only = process.env.PROFILE_ONLY;
      if (!only || only === "front") await profiled("front", KASA_SERVER_ARGS, env, "/api/v1/sms/send", liveKey);
      if (!only || only === "bare") await profiled("bare", BARE_ARGS, env, "/api/v1/sms/send", liveKey);
    }),
  );
