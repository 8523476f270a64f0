import { describe, expect, it } from "vitest";
import { newId, randomToken } from "./ids";

describe("ids", () => {
  it("are prefixed, base62 and not repeated", () => {
    const ids = new Set(Array.from({ length: 2000 }, () => newId("acct")));
    expect(ids.size).toBe(2000);
    for (const id of ids) expect(id).toMatch(/^acct_[0-9A-Za-z]{20}$/);
  });
  it("use the whole alphabet evenly enough", () => {
    const counts = new Map<string, number>();
    for (const ch of randomToken(62_000)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 1000 expected per character; a modulo bias would push some past 1200.
    for (const n of counts.values()) {
      expect(n).toBeGreaterThan(800);
      expect(n).toBeLessThan(1200);
    }
  });
});
