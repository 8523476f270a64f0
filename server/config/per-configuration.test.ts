import { describe, expect, it } from "vitest";
import { keptFor, perConfiguration } from "./per-configuration";
import { withConfig } from "../../test/config";

describe("what a process keeps per configuration", () => {
  it("is made once per configuration, and again when the settings change", async () => {
    let made = 0;
    const kept = perConfiguration(() => ++made);
    expect([kept.get(), kept.get()]).toEqual([1, 1]);
    expect(await withConfig({ KASA_MAX_IN_FLIGHT: "7" }, async () => kept.get())).toBe(2);
    // The settings put back are a configuration of their own too: nothing made under another one is reused.
    expect(kept.get()).toBe(3);
    kept.forget();
    expect(kept.get()).toBe(4);
  });

  it("shares one read among readers that arrive while it loads, keeps it for its time, and never keeps a failure", async () => {
    let reads = 0;
    let fail = false;
    const kept = keptFor(60_000, async () => {
      reads += 1;
      if (fail) throw new Error("database gone");
      return reads;
    });
    expect(await Promise.all([kept.get(), kept.get(), kept.get()])).toEqual([1, 1, 1]);
    expect(await kept.get()).toBe(1);
    kept.forget();
    fail = true;
    await expect(kept.get()).rejects.toThrow("database gone");
    fail = false;
    expect(await kept.get()).toBe(3);
    const expired = keptFor(0, async () => (reads += 1));
    const first = await expired.get();
    expect(await expired.get()).toBe(first + 1);
  });
});
