// `npm start` / `npm run dev` on the embedded default run the worker beside
// the web server, so one command gives a working system (webhooks go out,
// sandbox receipts arrive). It is a child process, not loops inside the web
// process: a slow webhook receiver never competes with API requests for the
// event loop, and the worker keeps its own graceful shutdown.
import { spawn, type ChildProcess } from "node:child_process";
import { logger } from "../lib/logger";
import { childEnv, type Config } from "../config/config";

/** On by default only when no DATABASE_URL was given; KASA_WORKER=on|off decides otherwise. */
export function wantsWorkerBesideWeb(settings: Pick<Config, "KASA_WORKER" | "DATABASE_URL">): boolean {
  return settings.KASA_WORKER ?? settings.DATABASE_URL === undefined;
}

export function startWorkerBesideWeb(): { stop(): Promise<void> } {
  let child: ChildProcess | undefined;
  let stopping = false;
  const launch = () => {
    child = spawn(process.execPath, ["--import", "tsx", "server/workers/main.ts"], {
      stdio: "inherit",
      env: childEnv(),
    });
    child.on("exit", (code, signal) => {
      if (stopping) return;
      logger().error(`kasa: worker exited (${signal ?? code}); starting another in 1 s`);
      setTimeout(() => !stopping && launch(), 1_000).unref();
    });
  };
  launch();
  return {
    stop() {
      stopping = true;
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return Promise.resolve();
      // The worker finishes its in-flight deliveries (at most the 10 s webhook timeout) before it exits.
      return new Promise<void>((resolve) => {
        const force = setTimeout(() => running.kill("SIGKILL"), 15_000);
        running.once("exit", () => (clearTimeout(force), resolve()));
        running.kill("SIGTERM");
      });
    },
  };
}
