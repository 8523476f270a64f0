import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, withTwilio } from "../../../test/api";
import { FakeTwilio, message, twilioError } from "../../../test/fake-twilio";
import { db } from "../../db/client";
import { configure } from "../../config/config";

const SID = "AC00000000000000000000000000000000";
const fake = new FakeTwilio();
beforeAll(() => fake.start(SID, "test-auth-token"));
afterAll(() => fake.stop());

async function liveSend(body: object, balance = 1) {
  const c = await apiCustomer({ balance });
  const res = await withTwilio(() => api("POST", "/api/v1/sms/send", { key: c.liveKey, body }), fake.url);
  const account = await db().account.findUniqueOrThrow({ where: { id: c.accountId } });
  const ledger = await db().ledgerEntry.findMany({
    where: { accountId: c.accountId, transactionId: { not: null } },
    orderBy: { id: "asc" },
  });
  return { res, balance: account.balanceMicros, ledger: ledger.map((e) => [e.kind, e.amountMicros, e.transactionId]) };
}

describe("live SMS through a Twilio-compatible carrier on 127.0.0.1", () => {
  it("posts Twilio's form with Basic auth, returns the carrier's sid, and charges reserve + capture", async () => {
    fake.reply = (req) => ({ status: 201, body: message(req) });
    const { res, balance, ledger } = await liveSend({ to: "+14155550100", message: "Hello from Kasa" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: "sent",
      provider: "twilio",
      route: "global",
      region: "north_america",
      price: { amount: 0.05, currency: "USD" },
      message_id: expect.stringMatching(/^SM[0-9a-f]{32}$/),
    });
    const sent = fake.requests.at(-1)!;
    const id = res.body.data.transaction_id;
    expect(sent.contentType).toBe("application/x-www-form-urlencoded");
    expect(sent.form).toEqual({
      To: "+14155550100",
      // US carriers refuse alphanumeric senders: the deployment's number (test setup's KASA_SMS_DEFAULT_NUMBERS).
      From: "+15550001111",
      Body: "Hello from Kasa",
      // Our transaction id rides along, so a receipt finds its message even if Twilio's answer is lost.
      StatusCallback: `http://kasa.test/api/carriers/twilio/status?carrier=twilio&tx=${id}`,
    });
    expect(balance).toBe(950_000n);
    expect(ledger).toEqual([
      ["reserve", -50_000n, id],
      ["capture", 0n, id],
    ]);
    const row = await db().smsMessage.findUniqueOrThrow({ where: { id } });
    expect(row.providerMessageId).toBe(res.body.data.message_id);
  });

  it("a carrier rejection of this message is 400 SMS_SEND_FAILED, refunded, and recorded as failed", async () => {
    fake.reply = () => twilioError(400, 21610, "Attempt to send to unsubscribed recipient");
    const { res, balance, ledger } = await liveSend({ to: "+14155550100", message: "hi" });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: "SMS_SEND_FAILED",
      transaction_id: expect.stringMatching(/^sms_/),
      provider_message: "Attempt to send to unsubscribed recipient",
    });
    const id = res.body.error.transaction_id;
    expect(balance).toBe(1_000_000n);
    expect(ledger).toEqual([
      ["reserve", -50_000n, id],
      ["refund", 50_000n, id],
    ]);
    expect(await db().smsMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: "failed",
      errorCode: "carrier_rejected",
    });
    expect((await db().event.findMany({ where: { transactionId: id } })).map((e) => e.event)).toEqual(["sms.failed"]);
  });

  it("a failing, throttling, misconfigured or unreachable carrier is 503 SMS_SEND_FAILED, refunded", async () => {
    const replies = [
      () => twilioError(500, 20500, "Internal Server Error"),
      () => twilioError(429, 20429, "Too Many Requests"),
      () => twilioError(401, 20003, "Authenticate"),
    ];
    const restore = configure({ TWILIO_TIMEOUT_MS: "500" });
    try {
      for (const reply of replies) {
        fake.reply = reply;
        const { res, balance, ledger } = await liveSend({ to: "+14155550100", message: "hi" });
        expect(res.status, JSON.stringify(res.body)).toBe(503);
        expect(res.body.error).toMatchObject({ code: "SMS_SEND_FAILED", error_id: expect.any(String) });
        expect(balance).toBe(1_000_000n);
        expect(ledger.map((e) => e[0])).toEqual(["reserve", "refund"]);
      }
      const c = await apiCustomer({ balance: 1 });
      const unreachable = await withTwilio(
        () => api("POST", "/api/v1/sms/send", { key: c.liveKey, body: { to: "+14155550100", message: "hi" } }),
        "http://127.0.0.1:9",
      );
      expect(unreachable.status).toBe(503);
      expect(unreachable.body.error).toMatchObject({
        code: "SMS_SEND_FAILED",
        provider_message: expect.stringContaining("unreachable"),
      });
    } finally {
      restore();
    }
  });

  it("a carrier that took the post and never answered may have the message: 200 unknown, charged, never refunded or resent", async () => {
    fake.reply = () => ({ status: 201, body: {}, delayMs: 1_500 });
    const restore = configure({ TWILIO_TIMEOUT_MS: "500" });
    try {
      const before = fake.requests.length;
      const { res, balance, ledger } = await liveSend({ to: "+14155550100", message: "hi" });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ status: "unknown", detail: expect.stringContaining("answer was lost") });
      expect(balance).toBe(950_000n);
      expect(ledger.map((e) => e[0])).toEqual(["reserve", "capture"]);
      expect(fake.requests.length - before, "posted once, to one carrier").toBe(1);
      const events = await db().event.findMany({ where: { transactionId: res.body.data.transaction_id } });
      expect(events.map((e) => [e.event, (e.data as { status: string }).status])).toEqual([["sms.sent", "unknown"]]);
    } finally {
      restore();
    }
  });
});
