// A period read from the delivery views is tiled by the fewest spans: weeks inside it, days at its edges, hours at
// theirs. A tile missing or doubled would miss or double a period's messages.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { coverPeriod } from "./delivery-views";

const at = (iso: string) => Date.parse(iso);
const runs = (from: string, to: string, widest: "hour" | "day" | "week") =>
  coverPeriod(at(from), at(to), widest).map((r) => [
    r.span,
    new Date(r.from).toISOString().slice(0, 13),
    new Date(r.to).toISOString().slice(0, 13),
  ]);

describe("coverPeriod", () => {
  it("reads 90 days as the weeks inside them (Monday to Monday) and the days at either end", () => {
    expect(runs("2026-08-29T00:00:00Z", "2026-11-27T00:00:00Z", "week")).toEqual([
      ["day", "2026-08-29T00", "2026-08-31T00"],
      ["week", "2026-08-31T00", "2026-11-23T00"],
      ["day", "2026-11-23T00", "2026-11-27T00"],
    ]);
  });

  it("reads a period with a time of day as hours up to its first midnight and from its last", () => {
    expect(runs("2026-11-20T10:00:00Z", "2026-11-24T05:00:00Z", "week")).toEqual([
      ["hour", "2026-11-20T10", "2026-11-21T00"],
      ["day", "2026-11-21T00", "2026-11-24T00"],
      ["hour", "2026-11-24T00", "2026-11-24T05"],
    ]);
  });

  it("reads the spans under way whole when the period reaches the present (nothing is counted after now)", () => {
    const cover = (present: boolean) =>
      coverPeriod(at("2026-11-26T10:00:00Z"), at("2026-11-27T10:00:00Z"), "week", present).map((r) => [
        r.span,
        new Date(r.from).toISOString().slice(0, 13),
        new Date(r.to).toISOString().slice(0, 13),
      ]);
    expect(cover(true)).toEqual([
      ["hour", "2026-11-26T10", "2026-11-27T00"],
      ["day", "2026-11-27T00", "2026-11-28T00"],
    ]);
    expect(cover(false)).toEqual([["hour", "2026-11-26T10", "2026-11-27T10"]]);
  });

  it("never uses a span wider than asked (a series by day reads days, by hour hours)", () => {
    expect(runs("2026-11-09T00:00:00Z", "2026-11-23T00:00:00Z", "day")).toEqual([
      ["day", "2026-11-09T00", "2026-11-23T00"],
    ]);
    expect(runs("2026-11-26T10:00:00Z", "2026-11-27T10:00:00Z", "hour")).toEqual([
      ["hour", "2026-11-26T10", "2026-11-27T10"],
    ]);
  });

  it("tiles any period exactly: contiguous, from its start to its end", () => {
    fc.assert(
      fc.property(fc.nat(8_000), fc.integer({ min: 1, max: 3_000 }), (startHour, hours) => {
        const from = at("2026-01-01T00:00:00Z") + startHour * 3_600_000;
        const to = from + hours * 3_600_000;
        const ranges = coverPeriod(from, to, "week");
        expect(ranges[0]!.from).toBe(from);
        expect(ranges.at(-1)!.to).toBe(to);
        for (let j = 1; j < ranges.length; j++) expect(ranges[j]!.from).toBe(ranges[j - 1]!.to);
        expect(ranges.length).toBeLessThanOrEqual(5);
      }),
      { seed: 43 },
    );
  });
});
