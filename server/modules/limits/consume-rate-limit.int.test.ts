import { describe, expect, it } from "vitest";
import { consumeRateLimit, readRateLimit } from "./consume-rate-limit";
import { apiCustomer } from "../../../test/api";

const at = (iso: string) => new Date(iso);

describe("rate-limit windows", () => {
  it("the monthly window is the calendar month and resets at 00:00 UTC on the 1st", async () => {
    const { accountId } = await apiCustomer({ plan: "free" }); // free SMS: 5/min, 50/day, 50/month
    // 50 requests on the last day of November, 5 per minute.
    for (let i = 0; i < 50; i++) {
      const minute = String(Math.floor(i / 5)).padStart(2, "0");
      await consumeRateLimit({ accountId, planId: "free", service: "sms", at: at(`2026-11-30T23:${minute}:10Z`) });
    }
    const refused = await consumeRateLimit({
      accountId,
      planId: "free",
      service: "sms",
      at: at("2026-11-30T23:59:59Z"),
    }).catch((e) => e);
    expect(refused).toMatchObject({
      code: "RATE_LIMIT_EXCEEDED",
      context: { limit: 50, remaining: 0, reset: Date.UTC(2026, 11, 1) / 1000, retryAfter: 1 },
    });

    const december = await consumeRateLimit({
      accountId,
      planId: "free",
      service: "sms",
      at: at("2026-12-01T00:00:00Z"),
    });
    const month = december.windows.find((w) => w.window === "month")!;
    expect(month).toEqual({ window: "month", limit: 50, used: 1, remaining: 49, reset: Date.UTC(2027, 0, 1) / 1000 });
  });

  it("counts minute, day and month together, and a refusal counts nothing", async () => {
    const { accountId } = await apiCustomer({ plan: "free" });
    const t = at("2027-02-14T10:15:30Z");
    for (let i = 0; i < 5; i++) await consumeRateLimit({ accountId, planId: "free", service: "sms", at: t });
    await expect(consumeRateLimit({ accountId, planId: "free", service: "sms", at: t })).rejects.toMatchObject({
      context: { window: "minute", limit: 5, reset: Date.UTC(2027, 1, 14, 10, 16) / 1000, retryAfter: 30 },
    });
    const state = await readRateLimit({ accountId, planId: "free", service: "sms", at: t });
    expect(state.windows.map((w) => [w.window, w.used])).toEqual([
      ["minute", 5],
      ["day", 5],
      ["month", 5],
    ]);
    expect(state.headline.window).toBe("minute");
    // The next minute opens again; other services have their own counters.
    await consumeRateLimit({ accountId, planId: "free", service: "sms", at: at("2027-02-14T10:16:00Z") });
    await consumeRateLimit({ accountId, planId: "free", service: "email", at: t });
    const feb28 = await readRateLimit({ accountId, planId: "free", service: "sms", at: at("2027-02-28T23:59:59Z") });
    expect(feb28.windows.map((w) => [w.window, w.used, w.reset])).toEqual([
      ["minute", 0, Date.UTC(2027, 1, 28, 24, 0) / 1000],
      ["day", 0, Date.UTC(2027, 2, 1) / 1000],
      ["month", 6, Date.UTC(2027, 2, 1) / 1000],
    ]);
  });
});
