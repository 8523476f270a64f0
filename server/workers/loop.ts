import { setMaxListeners } from "node:events";
import { logger } from "../lib/logger";
/** A background job: run() is called again every intervalMs until the worker stops; it may say how much it did. */
export type Loop = {
  name: string;
  intervalMs: number;
  run(signal: AbortSignal): Promise<number | void>;
};

/**
 * Runs each loop on its own timer until the signal aborts; a failing run is
 * logged and retried at the next tick, never allowed to stop the worker.
 */
export async function runLoops(
  loops: Loop[],
  signal: AbortSignal,
  log: (line: string) => void = (line) => logger().error(line),
): Promise<void> {
  // Each sleeping loop listens for the stop (and the worker once more): more loops than Node's default warning of 10.
  setMaxListeners(loops.length + 5, signal);
  await Promise.all(
    loops.map(async (loop) => {
      while (!signal.aborted) {
        try {
          const started = performance.now();
          const handled = await loop.run(signal);
          // One line per run that did something (an idle run says nothing: it would drown the log).
          if (typeof handled === "number" && handled > 0)
            logger().info({ job: loop.name, handled, ms: Math.round(performance.now() - started) }, "worker job");
        } catch (error) {
          log(`worker: ${loop.name} failed: ${(error as Error).message}`);
        }
        await sleep(loop.intervalMs, signal);
      }
    }),
  );
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    // An abort that came while the loop was running must not be missed.
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
  });
}
