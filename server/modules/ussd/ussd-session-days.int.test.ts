// The USSD page's chart reads day counters the sessions' trigger keeps: each session counted once, on the day it
// opened, by how it ended, before and after the worker folds the deltas, equal to a count of the sessions.
import { describe, expect, it } from "vitest";
import { apiCustomer } from "../../../test/api";
import { db } from "../../db/client";
import { newId } from "../../lib/ids";
import { foldDailyCounts } from "../overview/fold-daily-counts";
import { ENDED_REASONS } from "./schemas";
import { ussdSessionDays } from "./ussd-session-days";
import { endUssdSession, openUssdSession } from "./ussd-session-store";

async function session(accountId: string, refused?: "rate_limited") {
  const id = newId("uss");
  return openUssdSession({
    id,
    account_id: accountId,
    code_id: null,
    service_code: "*384*1#",
    mode: "test",
    source: "simulator",
    source_session: id,
    phone_number: "+233241234567",
    country: "GH",
    network: "mtn",
    network_code: "62001",
    priceMicros: 0n,
    currency: "USD",
    ...(refused ? { refused } : {}),
  });
}

describe("USSD sessions per day", () => {
  it("counts each ended session once by its ending, folded or not, as the sessions themselves say", async () => {
    const c = await apiCustomer();
    const endings = ["app_end", "app_end", "user_abort", "timeout", "app_error"] as const;
    for (const reason of endings) {
      const s = await session(c.accountId);
      expect(await endUssdSession(s.id, reason)).toBe(true);
      // Ending it again moves nothing.
      expect(await endUssdSession(s.id, "timeout")).toBe(false);
    }
    await session(c.accountId, "rate_limited");
    await session(c.accountId); // still open: not counted until it ends

    const read = async () => {
      const { days, byDay } = await ussdSessionDays({ accountId: c.accountId, mode: "test" });
      return byDay[days.indexOf(new Date().toISOString().slice(0, 10))]!;
    };
    const grouped = await db().ussdSession.groupBy({
      by: ["endedReason"],
      where: { accountId: c.accountId, status: "ended" },
      _count: true,
    });
    const expected = Object.fromEntries(
      ENDED_REASONS.map((r) => [r, grouped.find((g) => g.endedReason === r)?._count ?? 0]),
    );
    expect(expected).toMatchObject({ app_end: 2, user_abort: 1, timeout: 1, app_error: 1, rate_limited: 1 });
    expect(await read()).toEqual(expected);
    await foldDailyCounts();
    expect(await read()).toEqual(expected);
    // The other mode's chart is empty.
    const live = await ussdSessionDays({ accountId: c.accountId, mode: "live" });
    expect(live.byDay.flatMap((d) => Object.values(d)).every((n) => n === 0)).toBe(true);
  });
});
