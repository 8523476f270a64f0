// A request's deadline holds on a starved event loop: the time is read at each checkpoint, not only when the
// timer gets to run (under load a timer can fire seconds late, and a request past its deadline must not go on
// to a hand-off, nor outlive the idempotency lock it counts on).
import { afterEach, describe, expect, it, vi } from "vitest";
import { startDeadline } from "./deadline";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a request's deadline", () => {
  it("stops the request at its next checkpoint once the time has passed, though its timer has not run", () => {
    let now = 1_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    const deadline = startDeadline(10_000);
    let ended = false;
    deadline.onEnd(() => (ended = true));
    now += 9_999;
    expect(() => deadline.checkpoint()).not.toThrow();
    now += 1;
    expect(() => deadline.checkpoint()).toThrow(expect.objectContaining({ code: "SERVICE_UNAVAILABLE" }));
    expect(ended, "what waits on the request's end hears of it").toBe(true);
    expect(() => deadline.commit()).toThrow(expect.objectContaining({ code: "SERVICE_UNAVAILABLE" }));
    deadline.dispose();
  });

  it("keeps a committed request to its end whatever the time", () => {
    let now = 0;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    const deadline = startDeadline(10_000);
    deadline.commit();
    now += 60_000;
    expect(() => deadline.checkpoint()).not.toThrow();
    expect(deadline.remainingMs()).toBe(0);
    deadline.dispose();
  });
});
