import { describe, expect, it } from "vitest";
import { describeWindow, minuteOfClock, parseDays, windowAt, type WindowRule } from "./sending-window";

const GHANA: WindowRule = { days: [1, 2, 3, 4, 5, 6], opensMinute: 480, closesMinute: 1140, timeZone: "Africa/Accra" };

describe("sending windows, in the country's time zone", () => {
  it("close at the window's end and say when they open again", () => {
    expect(windowAt(GHANA, new Date("2026-11-23T18:59:00Z"))).toEqual({
      open: true,
      closesAt: new Date("2026-11-23T19:00:00Z"),
    });
    expect(windowAt(GHANA, new Date("2026-11-23T07:59:59Z"))).toEqual({
      open: false,
      opensAt: new Date("2026-11-23T08:00:00Z"),
    });
  });

  it("read the local clock, not UTC's (Lagos is UTC+1)", () => {
    const lagos = { ...GHANA, timeZone: "Africa/Lagos" };
    // 07:30 UTC is 08:30 in Lagos: open; 18:30 UTC is 19:30 there: closed until 07:00 UTC next day.
    expect(windowAt(lagos, new Date("2026-11-23T07:30:00Z")).open).toBe(true);
    expect(windowAt(lagos, new Date("2026-11-23T18:30:00Z"))).toEqual({
      open: false,
      opensAt: new Date("2026-11-24T07:00:00Z"),
    });
  });

  it("wrap past midnight, the night belonging to the day it opened", () => {
    const nights: WindowRule = { days: [5], opensMinute: 22 * 60, closesMinute: 2 * 60, timeZone: "UTC" };
    // Friday 2026-11-27 23:00 open; Saturday 01:00 still Friday's night; Saturday 22:00 closed.
    expect(windowAt(nights, new Date("2026-11-27T23:00:00Z"))).toEqual({
      open: true,
      closesAt: new Date("2026-11-28T02:00:00Z"),
    });
    expect(windowAt(nights, new Date("2026-11-28T01:00:00Z")).open).toBe(true);
    expect(windowAt(nights, new Date("2026-11-28T22:00:00Z"))).toEqual({
      open: false,
      opensAt: new Date("2026-12-04T22:00:00Z"),
    });
  });

  it("open at a daylight-saving gap's end when the opening falls inside it", () => {
    // Europe/London skipped 01:00-02:00 on 2026-03-29 (a Sunday).
    const rule: WindowRule = { days: [0], opensMinute: 90, closesMinute: 600, timeZone: "Europe/London" };
    const state = windowAt(rule, new Date("2026-03-29T00:00:00Z"));
    expect(state.open).toBe(false);
    expect(state.open === false && state.opensAt.toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("parse what staff type", () => {
    expect(parseDays("mon-sat")).toEqual([1, 2, 3, 4, 5, 6]);
    expect(parseDays("sat-mon")).toEqual([0, 1, 6]);
    expect(parseDays("Mon,wed")).toEqual([1, 3]);
    expect(parseDays("funday")).toBeNull();
    expect(minuteOfClock("08:00")).toBe(480);
    expect(minuteOfClock("24:00")).toBeNull();
    expect(describeWindow(GHANA)).toBe("Mon–Sat, 08:00–19:00 (Africa/Accra)");
  });
});
