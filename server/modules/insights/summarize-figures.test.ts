import { describe, expect, it } from "vitest";
import { percentile, summarizeFigures } from "./summarize-figures";

describe("delivery figures from counter rows", () => {
  it("reads percentiles from fixed buckets, linear inside a bucket", () => {
    // 10 messages in [5, 10) s: the median is half way, the 90th nine tenths of the way.
    const histogram = [0, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(percentile(histogram, 0.5)).toBe(7.5);
    expect(percentile(histogram, 0.9)).toBe(9.5);
    // Half under a second, half a day or more: the median is the first half's top, the open bucket answers its lower bound.
    const split = [5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5];
    expect(percentile(split, 0.5)).toBe(1);
    expect(percentile(split, 0.9)).toBe(86_400);
  });

  it("rates what left, and keeps opens beside the messages rather than among them", () => {
    const [group] = summarizeFigures("email", [
      { key: "", outcome: "delivered", bucket: 3, n: 6 },
      { key: "", outcome: "bounced", bucket: -1, n: 2 },
      { key: "", outcome: "scheduled", bucket: -1, n: 2 },
      { key: "", outcome: "opened", bucket: -1, n: 4 },
    ]);
    expect(group).toMatchObject({
      total: 10,
      left: 8,
      rates: { delivered: 0.75, bounced: 0.25, opened: 0.5 },
      outcomes: { delivered: 6, bounced: 2, scheduled: 2, opened: 4 },
    });
    expect(group!.rates.scheduled).toBeUndefined();
    expect(group!.delivery_time).toMatchObject({ p50_s: 4 });
  });
});
