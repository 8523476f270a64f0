import { describe, expect, it } from "vitest";
import { estimateFinish } from "./finish-estimate";

const GHANA = { days: [1, 2, 3, 4, 5, 6], opensMinute: 480, closesMinute: 1140, timeZone: "Africa/Accra" };
const rules = new Map([["GH", GHANA]]);

describe("a broadcast's finish estimate", () => {
  it("is the audience at the plan's pace when no window holds it", () => {
    // 600 recipients at 60 a minute: ten minutes.
    expect(
      estimateFinish({ start: new Date("2026-11-23T10:00:00Z"), perMinute: 60, audience: { NG: 600 }, rules }),
    ).toEqual(new Date("2026-11-23T10:10:00Z"));
  });

  it("waits for Ghana's window: a Saturday 18:30 start sends 30 minutes, pauses at 19:00, resumes Monday 08:00", () => {
    // 60 a minute: 1,800 sent by 19:00 Saturday, 1,200 left for Monday from 08:00 (20 minutes).
    expect(
      estimateFinish({ start: new Date("2026-11-28T18:30:00Z"), perMinute: 60, audience: { GH: 3000 }, rules }),
    ).toEqual(new Date("2026-11-30T08:20:00Z"));
  });

  it("sends other countries while Ghana waits", () => {
    // Sunday noon: Nigeria's 600 go at once (10 minutes); Ghana's 600 wait for Monday 08:00.
    expect(
      estimateFinish({
        start: new Date("2026-11-29T12:00:00Z"),
        perMinute: 60,
        audience: { GH: 600, NG: 600 },
        rules,
      }),
    ).toEqual(new Date("2026-11-30T08:10:00Z"));
  });
});
