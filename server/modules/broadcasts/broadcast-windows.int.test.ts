// Promotional SMS broadcasts and country windows (issue #40, point 6): recipients in a country whose window is
// closed wait while the others go on; the broadcast says which countries wait and until when, and goes on by itself
// at the opening. A draft's estimate says when it will finish, windows included. Against a real SMPP peer.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { pinClockForThisTest } from "../../../test/clock";
import { db } from "../../db/client";
import { pumpBroadcasts } from "./run-broadcasts";

const smsc = useLocalSmsc();

// Sunday 29 November 2026, noon in Accra (UTC) and 13:00 in Lagos: Ghana's promotional window opens Monday 08:00.
const SUNDAY_NOON = new Date("2026-11-29T12:00:00Z");
const MONDAY_08 = new Date("2026-11-30T08:00:00Z");

const submittedTo = (number: string) => smsc.submitted.filter((s) => s.pdu.destination_addr === number.slice(1));

describe("a promotional SMS broadcast on a Ghanaian Sunday", () => {
  it("sends Nigeria now, holds Ghana until Monday 08:00 and says so, then finishes by itself", async () => {
    pinClockForThisTest(SUNDAY_NOON);
    const c = await apiCustomer({ balance: 5 });
    const list = (await api("POST", "/api/v1/lists", { key: c.liveKey, body: { name: "Promo" } })).body.data;
    const csv = ["phone,first_name", "+233241270001,Ama", "+233241270002,Kofi", "+2348031270003,Ngozi"].join("\n");
    expect(
      (await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv, list_id: list.id } })).body.data
        .skipped,
    ).toEqual([]);
    const created = await api("POST", "/api/v1/broadcasts", {
      key: c.liveKey,
      body: { name: "Weekend sale", channel: "sms", list_id: list.id, body: "Hi {{first_name}}, sale!" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const draft = created.body.data;
    // The draft's estimate: Nigeria goes at once, Ghana's two wait for Monday's opening.
    expect(new Date(draft.estimated_finish_at).getTime()).toBeGreaterThanOrEqual(MONDAY_08.getTime());
    expect(new Date(draft.estimated_finish_at).getTime()).toBeLessThan(MONDAY_08.getTime() + 5 * 60_000);

    await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: draft.id } });
    for (let i = 0; i < 20 && submittedTo("+2348031270003").length === 0; i++) await pumpBroadcasts();
    for (let i = 0; i < 5; i++) await pumpBroadcasts();
    expect(submittedTo("+2348031270003")).toHaveLength(1);
    expect(submittedTo("+233241270001")).toHaveLength(0);
    const waiting = (await api("GET", `/api/v1/broadcasts/status?id=${draft.id}`, { key: c.liveKey })).body.data;
    expect(waiting).toMatchObject({
      status: "sending",
      pause_reason: null,
      counts: { queued: 2, sent: 1 },
      waiting_for_window: [{ country: "GH", recipients: 2, opens_at: MONDAY_08.toISOString() }],
    });
    // No Ghanaian message was made and refused meanwhile: the two wait unclaimed, nothing charged for them.
    expect(await db().smsMessage.count({ where: { broadcastId: draft.id } })).toBe(1);

    pinClockForThisTest(MONDAY_08);
    for (let i = 0; i < 30; i++) {
      await pumpBroadcasts();
      if ((await db().broadcast.findUniqueOrThrow({ where: { id: draft.id } })).status === "sent") break;
    }
    const done = (await api("GET", `/api/v1/broadcasts/status?id=${draft.id}`, { key: c.liveKey })).body.data;
    expect(done).toMatchObject({ status: "sent", counts: { queued: 0, sent: 3 }, estimated_finish_at: null });
    expect(submittedTo("+233241270001")).toHaveLength(1);
    expect(submittedTo("+233241270002")).toHaveLength(1);
  });
});
