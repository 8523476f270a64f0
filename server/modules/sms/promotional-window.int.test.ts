// Promotional SMS and their country's window (issue #40, point 6): Ghana's is 08:00-19:00, Monday to Saturday,
// Accra time. Outside it a promotional send is accepted as scheduled for the next opening (held, not charged),
// cancellable until it leaves, sent by the worker when the window opens; outside_window: refuse asks for the refusal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, footprint, withTwilio } from "../../../test/api";
import { FakeTwilio, message } from "../../../test/fake-twilio";
import { pinClockForThisTest } from "../../../test/clock";
import { db } from "../../db/client";
import { sendDueScheduledSms } from "./send-due-scheduled-sms";

// Monday 30 November 2026, 21:00 in Accra (UTC all year): the window opens Tuesday at 08:00.
const MONDAY_21 = new Date("2026-11-30T21:00:00Z");
const TUESDAY_08 = "2026-12-01T08:00:00.000Z";

const carrier = new FakeTwilio();
beforeAll(async () => {
  await carrier.start("AC00000000000000000000000000000000", "test-auth-token");
  carrier.reply = (req) => ({ status: 201, body: message(req) });
});
afterAll(() => carrier.stop());

const send = (key: string, body: Record<string, unknown>) =>
  withTwilio(() => api("POST", "/api/v1/sms/send", { key, body }), carrier.url);
const eventsOf = async (id: string) =>
  (await db().event.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } })).map((e) => e.event);

describe("a promotional SMS to Ghana at 21:00 Accra time", () => {
  it("is scheduled for 08:00, held not charged, sent by the worker when the window opens, then charged", async () => {
    pinClockForThisTest(MONDAY_21);
    const c = await apiCustomer({ balance: 5 });
    const before = await footprint(c.accountId);
    const res = await send(c.liveKey, { to: "+233241230001", message: "Sale: 20% off today", category: "promotional" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: "scheduled", scheduled_at: TUESDAY_08, message_id: null });
    const id = res.body.data.transaction_id;
    expect(carrier.requests.filter((r) => r.form.To === "+233241230001")).toHaveLength(0);
    // Held: the balance is down by the price, as a reserve entry, nothing captured.
    const held = await db().ledgerEntry.findMany({ where: { transactionId: id }, select: { kind: true } });
    expect(held.map((e) => e.kind)).toEqual(["reserve"]);
    expect((await footprint(c.accountId)).balance).toBe(before.balance - 20_000n);
    expect(await eventsOf(id)).toEqual(["sms.scheduled"]);
    const status = await api("GET", `/api/v1/sms/status?transaction_id=${id}`, { key: c.liveKey });
    expect(status.body.data).toMatchObject({ status: "scheduled", scheduled_at: TUESDAY_08 });

    // A minute before the opening nothing goes; at 08:00 it does, once, however many workers look.
    await withTwilio(() => sendDueScheduledSms(new Date("2026-12-01T07:59:00Z")), carrier.url);
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id } })).status).toBe("scheduled");
    await withTwilio(() => Promise.all([1, 2, 3].map(() => sendDueScheduledSms(new Date(TUESDAY_08)))), carrier.url);
    expect(carrier.requests.filter((r) => r.form.To === "+233241230001")).toHaveLength(1);
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id } })).status).toBe("sent");
    const settled = await db().ledgerEntry.findMany({ where: { transactionId: id }, orderBy: { id: "asc" } });
    expect(settled.map((e) => e.kind)).toEqual(["reserve", "capture"]);
    expect(await eventsOf(id)).toEqual(["sms.scheduled", "sms.sent"]);
  });

  it("is refused with outside_window: refuse, naming the opening, and nothing is written or charged", async () => {
    pinClockForThisTest(MONDAY_21);
    const c = await apiCustomer({ balance: 5 });
    const before = await footprint(c.accountId);
    const res = await send(c.liveKey, {
      to: "+233241230002",
      message: "Sale",
      category: "promotional",
      outside_window: "refuse",
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "SMS_SEND_FAILED", reason: "content_rule", opens_at: TUESDAY_08 });
    const after = await footprint(c.accountId);
    expect({ ...after, requests: undefined, counters: undefined }).toEqual({
      ...before,
      requests: undefined,
      counters: undefined,
    });
    const bad = await send(c.liveKey, { to: "+233241230002", message: "Sale", outside_window: "later" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("INVALID_REQUEST");
  });

  it("does not hold a transactional message, nor a promotional one inside the window", async () => {
    const c = await apiCustomer({ balance: 5 });
    pinClockForThisTest(MONDAY_21);
    const otp = await send(c.liveKey, { to: "+233241230003", message: "Your code is 1234" });
    expect(otp.body.data).toMatchObject({ status: "sent", scheduled_at: null });
    pinClockForThisTest(new Date("2026-12-01T12:00:00Z"));
    const noon = await send(c.liveKey, { to: "+233241230003", message: "Sale", category: "promotional" });
    expect(noon.body.data).toMatchObject({ status: "sent", scheduled_at: null });
  });

  it("is cancelled until it leaves: the hold released and sms.cancelled, once; not another account's, not a sent one", async () => {
    pinClockForThisTest(MONDAY_21);
    const c = await apiCustomer({ balance: 5 });
    const before = await footprint(c.accountId);
    const res = await send(c.liveKey, { to: "+233241230004", message: "Sale", category: "promotional" });
    const id = res.body.data.transaction_id;
    const other = await apiCustomer({ balance: 5 });
    expect((await api("POST", `/api/v1/sms/${id}/cancel`, { key: other.liveKey })).status).toBe(404);
    const cancelled = await api("POST", `/api/v1/sms/${id}/cancel`, { key: c.liveKey });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).toEqual({
      transaction_id: id,
      status: "cancelled",
      scheduled_at: TUESDAY_08,
      refunded: { amount: 0.02, currency: "USD" },
    });
    expect((await footprint(c.accountId)).balance).toBe(before.balance);
    expect(await eventsOf(id)).toEqual(["sms.scheduled", "sms.cancelled"]);
    const again = await api("POST", `/api/v1/sms/${id}/cancel`, { key: c.liveKey });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "CONFLICT", reason: "already_cancelled" });
    // The worker never sends a cancelled message.
    await withTwilio(() => sendDueScheduledSms(new Date(TUESDAY_08)), carrier.url);
    expect(carrier.requests.filter((r) => r.form.To === "+233241230004")).toHaveLength(0);

    const sent = await send(c.liveKey, { to: "+233241230004", message: "Code 1" });
    const late = await api("POST", `/api/v1/sms/${sent.body.data.transaction_id}/cancel`, { key: c.liveKey });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ reason: "not_scheduled", status: "sent" });
  });

  it("waits with a test key too, free, and the sandbox sends it at the opening", async () => {
    pinClockForThisTest(MONDAY_21);
    const c = await apiCustomer();
    const res = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233241230005", message: "Sale", category: "promotional" },
    });
    expect(res.body.data).toMatchObject({ status: "scheduled", scheduled_at: TUESDAY_08 });
    await sendDueScheduledSms(new Date(TUESDAY_08));
    const row = await db().smsMessage.findUniqueOrThrow({ where: { id: res.body.data.transaction_id } });
    expect(row).toMatchObject({ status: "sent", provider: "sandbox" });
    expect(await db().ledgerEntry.count({ where: { transactionId: row.id } })).toBe(0);
  });
});
