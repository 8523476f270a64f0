import { describe, expect, it } from "vitest";
import { runLoops } from "./loop";

describe("worker loops", () => {
  it("run again after a failure, and all stop when the worker stops", async () => {
    const stop = new AbortController();
    let runs = 0;
    const errors: string[] = [];
    const running = runLoops(
      [
        {
          name: "flaky",
          intervalMs: 5,
          run: async () => {
            runs++;
            if (runs === 2) throw new Error("boom");
            if (runs === 5) stop.abort();
          },
        },
      ],
      stop.signal,
      (line) => errors.push(line),
    );
    await running;
    expect(runs).toBe(5);
    expect(errors).toEqual(["worker: flaky failed: boom"]);
  });
});

describe("a worker told to stop while a job runs", () => {
  it("stops right after that run instead of sleeping out the interval", async () => {
    const stop = new AbortController();
    // An interval no test could sit out: were the loop to sleep it, the test would time out.
    await runLoops(
      [
        {
          name: "slow",
          intervalMs: 24 * 3_600_000,
          run: async () => {
            stop.abort();
          },
        },
      ],
      stop.signal,
    );
  });
});
