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
    // Ghana's promotional SMS also asks for consent on record: these agreed (a CSV column, mapped).
    const csv = [
      "phone,first_name,opted_in",
      "+233241270001,Ama,yes",
      "+233241270002,Kofi,yes",
      "+2348031270003,Ngozi,",
    ].join("\n");
    expect(
      (
        await api("POST", "/api/v1/contacts/import", {
          key: c.liveKey,
          body: { csv, list_id: list.id, consent_columns: { sms_consent: "opted_in" } },
        })
      ).body.data.skipped,
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

describe("a promotional SMS broadcast where consent is asked for", () => {
  it("reaches Ghanaian contacts with SMS consent on record, counts the others as no_consent, and Nigeria's all", async () => {
    pinClockForThisTest(new Date("2026-11-30T12:00:00Z")); // Monday noon: the window is open
    const c = await apiCustomer({ balance: 5 });
    const list = (await api("POST", "/api/v1/lists", { key: c.liveKey, body: { name: "Mixed" } })).body.data;
    const csv = ["phone,sms_consent", "+233241270011,yes", "+233241270012,", "+2348031270013,"].join("\n");
    await api("POST", "/api/v1/contacts/import", { key: c.liveKey, body: { csv, list_id: list.id } });
    const run = async (extra: Record<string, unknown> = {}) => {
      const b = (
        await api("POST", "/api/v1/broadcasts", {
          key: c.liveKey,
          body: { name: "Deals", channel: "sms", list_id: list.id, body: "Deals today", ...extra },
        })
      ).body.data;
      await api("POST", "/api/v1/broadcasts/send", { key: c.liveKey, body: { id: b.id } });
      for (let i = 0; i < 30; i++) {
        await pumpBroadcasts();
        if ((await db().broadcast.findUniqueOrThrow({ where: { id: b.id } })).status === "sent") break;
      }
      return {
        draft: b,
        status: (await api("GET", `/api/v1/broadcasts/status?id=${b.id}`, { key: c.liveKey })).body.data,
      };
    };
    const promo = await run();
    // The draft's estimate left out the contact that will not be sent to: two messages, not three.
    expect(promo.draft.estimated_cost.amount).toBeCloseTo(
      (await run({ category: "transactional" })).draft.estimated_cost.amount * (2 / 3),
      6,
    );
    expect(promo.status).toMatchObject({ consent_held_elsewhere: false, counts: { sent: 2, no_consent: 1 } });
    expect(submittedTo("+233241270012")).toHaveLength(1); // the transactional one only
    const elsewhere = await run({ consent_held_elsewhere: true });
    expect(elsewhere.status).toMatchObject({ consent_held_elsewhere: true, counts: { sent: 3, no_consent: 0 } });
    expect(submittedTo("+233241270012")).toHaveLength(2);
  });
});
