// Starts `npm run worker`'s entry point as a real child process against the
// test database, and reports when it is ready.
import { spawn, type ChildProcess } from "node:child_process";
import { childEnv } from "../server/config/config";

export type WorkerProcess = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

export async function startWorker(env: Record<string, string> = {}): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/workers/main.ts"], {
    env: childEnv({ KASA_LOG_LEVEL: "info", ...env }),
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker not ready: ${output}`)), 30_000);
    child.stdout!.on("data", () => output.includes("worker: ready") && (clearTimeout(timer), resolve()));
    child.on("close", () => (clearTimeout(timer), reject(new Error(`worker exited: ${output}`))));
  });
  return { child, output: () => output, exited };
}
