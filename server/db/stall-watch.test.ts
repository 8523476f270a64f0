import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { databaseStalled, watchStatement, watchWait } from "./stall-watch";

// The watch reads performance.now(): the test drives that clock instead of waiting on it.
beforeEach(() => vi.useFakeTimers({ toFake: ["performance"] }));
afterEach(() => vi.useRealTimers());

describe("the stall watch", () => {
  it("calls a long queue that keeps finishing statements busy, not stalled; one that finishes nothing is stalled", () => {
    const endWait = watchWait();
    // A busy pool: the wait is old, but a statement finishes every 50 ms.
    for (let i = 0; i < 14; i++) {
      watchStatement()();
      vi.advanceTimersByTime(50);
    }
    expect(databaseStalled()).toBe(false);

    // The server stops answering: one statement hangs, nothing finishes.
    // The queue's wait is old: half a second with nothing finished is a stall.
    const hung = watchStatement();
    vi.advanceTimersByTime(400);
    expect(databaseStalled()).toBe(false);
    vi.advanceTimersByTime(300);
    expect(databaseStalled()).toBe(true);

    hung();
    endWait();
    expect(databaseStalled()).toBe(false);
  });
});
