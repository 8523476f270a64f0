// The web process's side of its Next thread (next-thread.ts): starts it, hands
// it every request that is not the API's, merges its metrics into /metrics,
// starts it again if it dies (its requests are answered 503 meanwhile), and
// stops it with the process.
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { logger } from "../lib/logger";
import type { FromNextThread, NextThreadData, NextThreadMetrics, ToNextThread } from "./messages";
import { proxyToNext } from "./proxy-to-next";
import { childEnv } from "../config/config";

/** The first restart a second after the thread died, then twice as late each time in a row, up to a minute. */
const RESTART_AFTER_MS = 1_000;
const RESTART_AT_MOST_MS = 60_000;
const STOP_GRACE_MS = 3_000;
const METRICS_WAIT_MS = 2_000;
const DIR_PREFIX = "kasa-next-";

export async function startNextThread(options: { hostname: string; port: number }) {
  // A directory only this user may enter (mkdtemp makes it 0700): nobody else on the host can reach Next directly
  // and write their own X-Forwarded-For. Named with the process id, so that one left by a killed process goes.
  removeDirsOfDeadProcesses();
  const dir = mkdtempSync(join(tmpdir(), `${DIR_PREFIX}${process.pid}-`));
  const socketPath = join(dir, "next.sock");
  const data: NextThreadData = { socketPath, ...options };
  let thread: Worker | null = null;
  let ready = false;
  let stopping = false;
  let nextMetricsId = 0;
  let restarts = 0;
  const waiting = new Map<number, (metrics: NextThreadMetrics) => void>();

  function spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      // The directory again if something (a /tmp cleaner) removed it; the socket of a thread before this one goes.
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      rmSync(socketPath, { force: true });
      // Its settings are this thread's, the ones configure() changed included (the embedded database's address).
      const worker = new Worker(new URL("./boot.mjs", import.meta.url), { workerData: data, env: childEnv() });
      thread = worker;
      worker.on("message", (message: FromNextThread) => {
        if (message.type === "ready") {
          ready = true;
          restarts = 0;
          resolve();
        } else if (message.type === "metrics") waiting.get(message.id)?.(message.metrics);
      });
      worker.once("error", (error) => {
        logger().error({ err: error }, "web: the Next thread failed");
        reject(error);
      });
      worker.once("exit", (code) => {
        const wasReady = ready;
        ready = false;
        thread = null;
        // Died before it was ready: the start failed (the first one fails the process's start).
        if (!wasReady) reject(new Error(`the Next thread exited (${code}) before it was ready`));
        if (stopping) return;
        const after = Math.min(RESTART_AT_MOST_MS, RESTART_AFTER_MS * 2 ** restarts++);
        logger().error(`web: the Next thread exited (${code}); starting it again in ${after / 1000} s`);
        setTimeout(() => void (stopping ? undefined : spawn().catch(() => undefined)), after).unref();
      });
    });
  }

  await spawn();

  return {
    handle: proxyToNext({
      path: () => (ready ? socketPath : null),
      lost() {
        if (!ready || !thread) return;
        logger().error("web: the Next thread's socket is gone; starting the thread again");
        ready = false;
        void thread.terminate();
      },
    }),

    /** The Next thread's series, for /metrics; none if it does not answer in time (or is restarting). */
    metrics(): Promise<NextThreadMetrics> {
      const worker = thread;
      if (!worker || !ready) return Promise.resolve([]);
      const id = ++nextMetricsId;
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish([]), METRICS_WAIT_MS);
        function finish(metrics: NextThreadMetrics) {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(metrics);
        }
        waiting.set(id, finish);
        worker.postMessage({ type: "metrics", id } satisfies ToNextThread);
      });
    },

    async stop(): Promise<void> {
      stopping = true;
      const worker = thread;
      if (worker) {
        const exited = new Promise((resolve) => worker.once("exit", resolve));
        worker.postMessage({ type: "stop" } satisfies ToNextThread);
        const late = setTimeout(() => void worker.terminate(), STOP_GRACE_MS);
        await exited;
        clearTimeout(late);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function removeDirsOfDeadProcesses(): void {
  const uid = process.getuid?.();
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.startsWith(DIR_PREFIX) ? name.slice(DIR_PREFIX.length).split("-")[0] : NaN);
    if (!Number.isInteger(pid) || pid <= 0 || alive(pid)) continue;
    const path = join(tmpdir(), name);
    try {
      // Only a real directory of this user's (never a link, never someone else's), and only what we put there.
      const stat = lstatSync(path);
      if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
      rmSync(join(path, "next.sock"), { force: true });
      rmdirSync(path);
    } catch {
      /* not ours to remove, or not empty: left as it is */
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
