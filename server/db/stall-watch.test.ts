import { describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import { databaseStalled, watchStatement, watchWait } from "./stall-watch";

describe("the stall watch", () => {
  it("calls a long queue that keeps finishing statements busy, not stalled; one that finishes nothing is stalled", async () => {
    const endWait = watchWait();
    // A busy pool: the wait is old, but a statement finishes every 50 ms.
    for (let i = 0; i < 14; i++) {
      watchStatement()();
      await sleep(50);
    }
    expect(databaseStalled()).toBe(false);

    // The server stops answering: one statement hangs, nothing finishes.
    const hung = watchStatement();
    await sleep(700);
    expect(databaseStalled()).toBe(true);

    hung();
    endWait();
    expect(databaseStalled()).toBe(false);
  });
});
