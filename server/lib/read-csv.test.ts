// The yielding CSV reader reads what a synchronous parse reads, whatever falls on its 64 KiB slice boundaries.
import { describe, expect, it } from "vitest";
import { parse } from "csv-parse/sync";
import { readCsv } from "./read-csv";

describe("readCsv", () => {
  it("keeps characters outside the BMP whole across slice boundaries, and agrees with a one-shot parse", async () => {
    // The emoji's high surrogate at index 65,534, 65,535 (the last of the first slice) and 65,536.
    for (const pad of [65_523, 65_524, 65_525]) {
      const text = `name,note\n${"a".repeat(pad)},😀x\nYaw,"quoted, with a comma"\n`;
      const records = await readCsv(text, {}, 10);
      expect(records).toEqual(parse(text));
      expect(records[1]![1]).toBe("😀x");
    }
  });

  it("stops reading past the number of records it was asked for", async () => {
    const text = Array.from({ length: 50_000 }, (_, i) => `row${i}`).join("\n");
    const records = await readCsv(text, {}, 100);
    expect(records.length).toBeGreaterThan(100);
    expect(records.length).toBeLessThan(50_000);
  });
});
