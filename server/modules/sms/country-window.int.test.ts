import { describe, expect, it } from "vitest";
import { closedWindow } from "./country-window";

// 2026-11-22 is a Sunday; Accra is on UTC all year. Ghana's promotional window: 08:00-19:00, Monday to Saturday.
const SUNDAY_NOON = new Date("2026-11-22T12:00:00Z");
const MONDAY_OPENING = new Date("2026-11-23T08:00:00Z");
const MONDAY_NOON = new Date("2026-11-23T12:00:00Z");
const MONDAY_21 = new Date("2026-11-23T21:00:00Z");
const SATURDAY_19 = new Date("2026-11-28T19:00:00Z");

describe("country rules (data, not code): Ghana's promotional window", () => {
  it("is closed on Sunday and outside 08:00-19:00, and says when it opens, local time", async () => {
    expect(await closedWindow({ countryIso: "GH", category: "promotional", at: SUNDAY_NOON })).toMatchObject({
      opensAt: MONDAY_OPENING,
    });
    expect(await closedWindow({ countryIso: "GH", category: "promotional", at: MONDAY_21 })).toMatchObject({
      opensAt: new Date("2026-11-24T08:00:00Z"),
    });
    // 19:00 is the first minute closed; Saturday evening waits for Monday.
    expect(await closedWindow({ countryIso: "GH", category: "promotional", at: SATURDAY_19 })).toMatchObject({
      opensAt: new Date("2026-11-30T08:00:00Z"),
    });
  });

  it("is open inside it, and holds neither transactional SMS nor countries without a rule", async () => {
    expect(await closedWindow({ countryIso: "GH", category: "promotional", at: MONDAY_NOON })).toBeNull();
    expect(await closedWindow({ countryIso: "GH", category: "promotional", at: MONDAY_OPENING })).toBeNull();
    expect(await closedWindow({ countryIso: "GH", category: "transactional", at: MONDAY_21 })).toBeNull();
    expect(await closedWindow({ countryIso: "NG", category: "promotional", at: SUNDAY_NOON })).toBeNull();
  });
});
