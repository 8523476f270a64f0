import { describe, expect, it } from "vitest";
import { parseUtcTime, utcInputValue } from "./utc-time";

describe("a time typed in UTC", () => {
  it("reads a day as its first millisecond, or its last for the end of a range", () => {
    expect(parseUtcTime("2026-11-23")?.toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(parseUtcTime(" 2026-11-23 ", { endOfDay: true })?.toISOString()).toBe("2026-11-23T23:59:59.999Z");
  });

  it("reads a day and a time to the minute, with a space or a T", () => {
    expect(parseUtcTime("2026-11-23 14:05")?.toISOString()).toBe("2026-11-23T14:05:00.000Z");
    expect(parseUtcTime("2026-11-23T14:05", { endOfDay: true })?.toISOString()).toBe("2026-11-23T14:05:00.000Z");
  });

  it("refuses what a browser's locale would write, and days or hours that do not exist", () => {
    for (const text of [
      "11/23/2026",
      "23/11/2026",
      "2026-02-31",
      "2026-13-01",
      "2026-11-23 24:00",
      "2026-11-23 9:5",
      "yesterday",
    ])
      expect(parseUtcTime(text), text).toBeNull();
  });

  it("writes a time back in the shape it reads", () => {
    const at = new Date("2026-11-23T14:05:59.123Z");
    expect(utcInputValue(at, true)).toBe("2026-11-23 14:05");
    expect(utcInputValue(at, false)).toBe("2026-11-23");
    expect(parseUtcTime(utcInputValue(at, true))?.toISOString()).toBe("2026-11-23T14:05:00.000Z");
  });
});
