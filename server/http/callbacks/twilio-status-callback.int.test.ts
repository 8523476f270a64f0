import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, withTwilio } from "../../../test/api";
import { FakeTwilio, message } from "../../../test/fake-twilio";
import { db } from "../../db/client";
import { handleTwilioStatusCallback, TWILIO_STATUS_PATH } from "./twilio-status-callback";
import { twilioSignature } from "../../providers/sms/twilio-signature";

const fake = new FakeTwilio();
beforeAll(() => fake.start("AC00000000000000000000000000000000", "test-auth-token"));
afterAll(() => fake.stop());

const CALLBACK = `${TWILIO_STATUS_PATH}?carrier=twilio`;

function callback(
  params: Record<string, string>,
  signature = twilioSignature("test-auth-token", `http://kasa.test${CALLBACK}`, params),
) {
  return withTwilio(
    () =>
      handleTwilioStatusCallback(
        new Request(`http://internal${CALLBACK}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
          body: new URLSearchParams(params),
        }),
      ),
    fake.url,
  );
}

async function liveSms() {
  fake.reply = (req) => ({ status: 201, body: message(req) });
  const c = await apiCustomer({ balance: 1 });
  const res = await withTwilio(
    () => api("POST", "/api/v1/sms/send", { key: c.liveKey, body: { to: "+14155550100", message: "receipt me" } }),
    fake.url,
  );
  return res.body.data as { transaction_id: string; message_id: string };
}

describe("Twilio delivery receipts (StatusCallback)", () => {
  it("mark the message delivered once, with one sms.delivered event, when correctly signed", async () => {
    const sms = await liveSms();
    expect(fake.requests.at(-1)!.form.StatusCallback).toBe(`http://kasa.test${CALLBACK}&tx=${sms.transaction_id}`);
    const params = {
      MessageSid: sms.message_id,
      MessageStatus: "delivered",
      AccountSid: "AC00000000000000000000000000000000",
    };
    expect((await callback(params)).status).toBe(204);
    expect((await callback(params)).status).toBe(204); // Twilio may repeat itself
    expect(await db().smsMessage.findUniqueOrThrow({ where: { id: sms.transaction_id } })).toMatchObject({
      status: "delivered",
      deliveredAt: expect.any(Date),
    });
    expect(await db().event.count({ where: { transactionId: sms.transaction_id, event: "sms.delivered" } })).toBe(1);
  });

  it("record an undelivered message as failed with the carrier's error code", async () => {
    const sms = await liveSms();
    await callback({ MessageSid: sms.message_id, MessageStatus: "undelivered", ErrorCode: "30003" });
    expect(await db().smsMessage.findUniqueOrThrow({ where: { id: sms.transaction_id } })).toMatchObject({
      status: "failed",
      errorCode: "twilio_30003",
      failureReason: "absent_subscriber",
    });
  });

  it("refuse a forged or unsigned callback with 403 and change nothing", async () => {
    const sms = await liveSms();
    expect((await callback({ MessageSid: sms.message_id, MessageStatus: "delivered" }, "forged")).status).toBe(403);
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: sms.transaction_id } })).status).toBe("sent");
  });
});
