import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { TestSmsc } from "../../../test/smpp-server";
import { waitUntil } from "../../../test/wait-until";
import { db } from "../../db/client";
import { closeLiveCarriers } from "../../providers/sms";
import { registerSenderId } from "../senders/register-sender-id";
import { receiveInboundSms } from "./receive-inbound-sms";
import { markStaleSmsUnknown } from "./mark-stale-sms-unknown";
import { configure } from "../../config/config";

// Carrier A refuses every bind; carrier B takes traffic. The default route order is configuration order: A, then B.
const down = new TestSmsc("kasa", "secret");
const up = new TestSmsc("kasa", "secret");
const SEND = "/api/v1/sms/send";

let restore = () => {};
beforeAll(async () => {
  await Promise.all([down.start(), up.start()]);
  down.refuseBinds = true;
  restore = configure({ SMS_CARRIERS: `a=${down.url("?bind_wait_ms=300")},b=${up.url()}` });
});
afterAll(async () => {
  restore();
  await closeLiveCarriers();
  await Promise.all([down.stop(), up.stop()]);
});

async function ghPrice() {
  const route = (await db().country.findUniqueOrThrow({ where: { iso2: "GH" } })).route;
  return (await db().smsPrice.findUniqueOrThrow({ where: { route } })).pricePerSegmentMicros;
}

const until = (check: () => Promise<boolean>) =>
  waitUntil(check, "the SMSC's deliver_sm to be applied", { timeoutMs: 3_000, intervalMs: 30 });

describe("SMS over SMPP with route fallback", () => {
  it("falls back from a carrier that will not bind to the next one, bills once at the quoted rate, and shows both attempts", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    const res = await api("POST", SEND, {
      key: c.liveKey,
      body: { to: "+233241234567", message: "Your code is 1234" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "sent",
      provider: "b",
      message_id: up.submitted.at(-1)!.messageId,
      segments: 1,
      route: "africa_local",
    });
    const price = await ghPrice();
    expect((await footprint(c.accountId)).balance).toBe(before.balance - price);
    const ledger = await db().ledgerEntry.findMany({
      where: { transactionId: res.body.data.transaction_id },
      orderBy: { id: "asc" },
    });
    expect(ledger.map((l) => l.kind)).toEqual(["reserve", "capture"]);

    const status = await api("GET", `/api/v1/sms/status?transaction_id=${res.body.data.transaction_id}`, {
      key: c.liveKey,
    });
    expect(status.body.data.carrier_attempts).toEqual([
      { carrier: "a", outcome: "unavailable", detail: expect.stringContaining("not bound"), at: expect.any(String) },
      { carrier: "b", outcome: "accepted", detail: null, at: expect.any(String) },
    ]);
    expect(status.body.data).toMatchObject({
      route: "africa_local",
      segments: 1,
      price: { amount: Number(price) / 1e6 },
      history: [{ status: "pending" }, { status: "sent" }],
    });
  });

  it("answers 503 SMS_SEND_FAILED and refunds when every carrier on the route is unavailable", async () => {
    const c = await apiCustomer({ balance: 10 });
    const before = await footprint(c.accountId);
    up.submitStatus = () => 0x58; // throttled
    try {
      const res = await api("POST", SEND, { key: c.liveKey, body: { to: "+233241234567", message: "nobody home" } });
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({
        code: "SMS_SEND_FAILED",
        message: expect.stringContaining("Every carrier on the route is failing"),
      });
      expect((await footprint(c.accountId)).balance).toBe(before.balance);
      const sms = await db().smsMessage.findUniqueOrThrow({ where: { id: res.body.error.transaction_id } });
      expect(sms.status).toBe("failed");
      expect(
        (sms.carrierAttempts as { carrier: string; outcome: string }[]).map((a) => [a.carrier, a.outcome]),
      ).toEqual([
        ["a", "unavailable"],
        ["b", "unavailable"],
      ]);
    } finally {
      up.submitStatus = () => 0;
    }
  });

  it("sends a registered sender ID as TON 5 and long UCS-2 text as UDH parts; receipts for every part make one sms.delivered", async () => {
    const c = await apiCustomer({ balance: 10 });
    await registerSenderId({ accountId: c.accountId, name: "AkwaabaCo", countryIso: "GH", approvedBy: "test" });
    const text = "Ɛte sɛn? ".repeat(10); // 90 UCS-2 units: two parts of at most 67
    const res = await api("POST", SEND, {
      key: c.liveKey,
      body: { to: "+233241234567", message: text, from: "AkwaabaCo" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ segments: 2, encoding: "ucs2", from: "AkwaabaCo" });
    const parts = up.submitted.slice(-2);
    expect(
      parts.map((p) => [p.pdu.source_addr_ton, p.pdu.source_addr, p.pdu.data_coding, Number(p.pdu.esm_class) & 0x40]),
    ).toEqual([
      [5, "AkwaabaCo", 8, 0x40],
      [5, "AkwaabaCo", 8, 0x40],
    ]);
    const id = res.body.data.transaction_id;
    await up.receipt(parts[0]!.messageId, "DELIVRD");
    await until(async () => (await db().smsPart.count({ where: { smsId: id, status: "delivered" } })) === 1);
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id } })).status).toBe("sent"); // one part is not the message
    await up.receipt(parts[1]!.messageId, "DELIVRD");
    await until(async () => (await db().smsMessage.findUniqueOrThrow({ where: { id } })).status === "delivered");
    expect(await db().event.count({ where: { transactionId: id, event: "sms.delivered" } })).toBe(1);
  });

  it("turns a failed receipt into sms.failed with a normalised reason, and marks silent messages unknown", async () => {
    const c = await apiCustomer({ balance: 10 });
    const failing = await api("POST", SEND, { key: c.liveKey, body: { to: "+233241234568", message: "will fail" } });
    await up.receipt(up.submitted.at(-1)!.messageId, "UNDELIV", "027");
    const id = failing.body.data.transaction_id;
    await until(async () => (await db().smsMessage.findUniqueOrThrow({ where: { id } })).status === "failed");
    expect(await db().smsMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "failed",
      failureReason: "absent_subscriber",
      errorCode: "undeliv_027",
    });
    const event = await db().event.findFirstOrThrow({ where: { transactionId: id, event: "sms.failed" } });
    expect(event.data).toMatchObject({ status: "failed", error: { code: "undeliv_027", reason: "absent_subscriber" } });

    const silent = await api("POST", SEND, { key: c.liveKey, body: { to: "+233241234569", message: "no receipt" } });
    await db().smsMessage.update({
      where: { id: silent.body.data.transaction_id },
      data: { updatedAt: new Date(Date.now() - 73 * 3_600_000) },
    });
    expect(await markStaleSmsUnknown()).toBeGreaterThanOrEqual(1);
    const status = await api("GET", `/api/v1/sms/status?transaction_id=${silent.body.data.transaction_id}`, {
      key: c.liveKey,
    });
    expect(status.body.data.status).toBe("unknown");
  });

  it("stores a reply from a recipient for the account that wrote to them, with an sms.received event", async () => {
    const c = await apiCustomer({ balance: 10 });
    const sent = await api("POST", SEND, {
      key: c.liveKey,
      body: { to: "+233245550001", message: "Reply YES to confirm" },
    });
    await up.inbound("+233245550001", "Kasa", "YES");
    await until(async () => (await db().inboundSms.count({ where: { accountId: c.accountId } })) === 1);
    const inbound = await db().inboundSms.findFirstOrThrow({ where: { accountId: c.accountId } });
    expect(inbound).toMatchObject({
      fromNumber: "+233245550001",
      toAddress: "Kasa",
      body: "YES",
      provider: "b",
      inReplyTo: sent.body.data.transaction_id,
    });
    expect(await db().event.findFirstOrThrow({ where: { transactionId: inbound.id } })).toMatchObject({
      event: "sms.received",
      data: expect.objectContaining({ message: "YES", from: "+233245550001" }),
    });
    const listed = await api("GET", "/api/v1/sms/inbound", { key: c.liveKey });
    expect(listed.body.data).toEqual({
      messages: [
        {
          id: inbound.id,
          from: "+233245550001",
          to: "Kasa",
          message: "YES",
          in_reply_to: sent.body.data.transaction_id,
          received_at: expect.any(String),
        },
      ],
      next_before: null,
    });
    expect((await api("GET", "/api/v1/sms/inbound?limit=0", { key: c.liveKey })).body.error.code).toBe(
      "INVALID_REQUEST",
    );
    // Nobody wrote to this number: there is no one to give it to.
    expect(await receiveInboundSms({ provider: "b", from: "+233245559999", to: "Kasa", body: "hello?" })).toBeNull();
  });
});

describe("sender rules (SPEC 4.3)", () => {
  it("refuses an unregistered name, another account's name (403) and a name approved in GH sent to NG, charging nothing", async () => {
    const mine = await apiCustomer({ balance: 10 });
    const other = await apiCustomer({ balance: 10 });
    await registerSenderId({ accountId: other.accountId, name: "TheirBrand", countryIso: "GH", approvedBy: "test" });
    await registerSenderId({ accountId: mine.accountId, name: "MyBrand", countryIso: "GH", approvedBy: "test" });
    await registerSenderId({ accountId: mine.accountId, name: "Pending", countryIso: "GH" });
    const before = await footprint(mine.accountId);
    const submittedBefore = up.submitted.length;
    const cases: [object, number, string, object][] = [
      [{ from: "Unknown" }, 400, "SMS_SEND_FAILED", { reason: "sender_id_unregistered" }],
      [{ from: "TheirBrand" }, 403, "SENDER_ID_NOT_YOURS", {}],
      [
        { from: "MyBrand", to: "+2348031234567" },
        400,
        "SMS_SEND_FAILED",
        { reason: "sender_id_not_approved_here", approved_in: ["GH"] },
      ],
      [{ from: "Pending" }, 400, "SMS_SEND_FAILED", { reason: "sender_id_pending" }],
      [{ from: "+233201112222" }, 400, "SMS_SEND_FAILED", { reason: "phone_unverified" }],
    ];
    for (const [extra, status, code, context] of cases) {
      const res = await api("POST", SEND, {
        key: mine.liveKey,
        body: { to: "+233241234567", message: "hi", ...extra },
      });
      expect(res.status, JSON.stringify(extra)).toBe(status);
      expect(res.body.error, JSON.stringify(extra)).toMatchObject({ code, ...context });
    }
    expect(await footprint(mine.accountId)).toEqual(before);
    expect(up.submitted.length).toBe(submittedBefore);
    // The approved name works in its market; test keys follow the same rules as live ones.
    expect(
      (await api("POST", SEND, { key: mine.liveKey, body: { to: "+233241234567", message: "hi", from: "MyBrand" } }))
        .status,
    ).toBe(200);
    expect(
      (await api("POST", SEND, { key: mine.testKey, body: { to: "+233241234567", message: "hi", from: "Pending" } }))
        .body.error,
    ).toMatchObject({ code: "SMS_SEND_FAILED", reason: "sender_id_pending" });
    expect(
      (await api("POST", SEND, { key: mine.testKey, body: { to: "+233241234567", message: "hi", from: "TheirBrand" } }))
        .status,
    ).toBe(403);
  });
});
