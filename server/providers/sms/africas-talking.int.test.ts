import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, footprint } from "../../../test/api";
import { FakeAfricasTalking } from "../../../test/fake-africastalking";
import { TestSmsc } from "../../../test/smpp-server";
import { db } from "../../db/client";
import { closeLiveCarriers } from "./index";
import {
  handleAfricasTalkingDelivery,
  handleAfricasTalkingInbound,
} from "../../http/callbacks/africas-talking-callback";
import { configure } from "../../config/config";

const at = new FakeAfricasTalking();
const smsc = new TestSmsc();
const SEND = "/api/v1/sms/send";

let restore = () => {};
beforeAll(async () => {
  await Promise.all([at.start("kasa-app", "at-test-key"), smsc.start()]);
  restore = configure({
    SMS_CARRIERS: `at=africastalking+http://kasa-app:at-test-key@${at.url}?callback_token=cb-token-123,backup=${smsc.url()}`,
  });
});
afterAll(async () => {
  restore();
  await closeLiveCarriers();
  await Promise.all([at.stop(), smsc.stop()]);
});

function callback(
  handler: (r: Request) => Promise<Response>,
  path: string,
  params: Record<string, string>,
  token = "cb-token-123",
  carrier = "at",
) {
  return handler(
    new Request(`http://internal/api/carriers/africastalking/${path}?carrier=${carrier}&token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(params),
    }),
  );
}

describe("Africa's Talking SMS adapter", () => {
  it("posts the form Africa's Talking expects with the apiKey header, and keeps its messageId", async () => {
    const c = await apiCustomer({ balance: 5 });
    const res = await api("POST", SEND, { key: c.liveKey, body: { to: "+254711000101", message: "Habari!" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sent = at.requests.at(-1)!;
    expect(sent).toMatchObject({ path: "/version1/messaging", apiKey: "at-test-key", accept: "application/json" });
    expect(sent.form).toEqual({
      username: "kasa-app",
      to: "+254711000101",
      message: "Habari!",
      bulkSMSMode: "1",
      from: "Kasa",
    });
    expect(res.body.data).toMatchObject({ provider: "at", message_id: expect.stringMatching(/^ATXid_/) });
  });

  it("maps per-recipient status codes: an invalid sender ID or a blacklisted user is 400 and refunded; CouldNotRoute falls back to the next carrier", async () => {
    const c = await apiCustomer({ balance: 5 });
    const before = await footprint(c.accountId);
    const invalid = await api("POST", SEND, { key: c.liveKey, body: { to: "+254711000402", message: "x" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: "SMS_SEND_FAILED", reason: "invalid_sender_id" });
    const submitted = smsc.submitted.length;
    const blacklisted = await api("POST", SEND, { key: c.liveKey, body: { to: "+254711000406", message: "x" } });
    expect(blacklisted.body.error).toMatchObject({ code: "SMS_SEND_FAILED", reason: "opted_out" });
    // A rejection is about the message: the next carrier is not tried.
    expect(smsc.submitted.length).toBe(submitted);
    expect((await footprint(c.accountId)).balance).toBe(before.balance);

    const routed = await api("POST", SEND, { key: c.liveKey, body: { to: "+254711000407", message: "fall back" } });
    expect(routed.status).toBe(200);
    expect(routed.body.data.provider).toBe("backup");
    const row = await db().smsMessage.findUniqueOrThrow({ where: { id: routed.body.data.transaction_id } });
    expect(
      (row.carrierAttempts as { carrier: string; outcome: string }[]).map((a) => `${a.carrier}:${a.outcome}`),
    ).toEqual(["at:unavailable", "backup:accepted"]);
  });

  it("applies delivery reports and incoming messages sent to its token-protected callbacks", async () => {
    const c = await apiCustomer({ balance: 5 });
    const ok = await api("POST", SEND, { key: c.liveKey, body: { to: "+254711000201", message: "one" } });
    const ko = await api("POST", SEND, { key: c.liveKey, body: { to: "+254711000202", message: "two" } });
    expect(
      (
        await callback(handleAfricasTalkingDelivery, "delivery", {
          id: ok.body.data.message_id,
          status: "Buffered",
          phoneNumber: "+254711000201",
        })
      ).status,
    ).toBe(200);
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: ok.body.data.transaction_id } })).status).toBe(
      "sent",
    );
    await callback(handleAfricasTalkingDelivery, "delivery", {
      id: ok.body.data.message_id,
      status: "Success",
      phoneNumber: "+254711000201",
      networkCode: "63902",
      retryCount: "0",
    });
    await callback(handleAfricasTalkingDelivery, "delivery", {
      id: ko.body.data.message_id,
      status: "Failed",
      phoneNumber: "+254711000202",
      failureReason: "UserInBlackList",
    });
    expect(await db().smsMessage.findUniqueOrThrow({ where: { id: ok.body.data.transaction_id } })).toMatchObject({
      status: "delivered",
    });
    expect(await db().smsMessage.findUniqueOrThrow({ where: { id: ko.body.data.transaction_id } })).toMatchObject({
      status: "failed",
      failureReason: "opted_out",
      errorCode: "at_UserInBlackList",
    });

    expect(
      (
        await callback(
          handleAfricasTalkingDelivery,
          "delivery",
          { id: ok.body.data.message_id, status: "Failed" },
          "wrong-token",
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await callback(
          handleAfricasTalkingDelivery,
          "delivery",
          { id: ok.body.data.message_id, status: "Failed" },
          "cb-token-123",
          "nope",
        )
      ).status,
    ).toBe(404);

    await callback(handleAfricasTalkingInbound, "inbound", {
      from: "+254711000201",
      to: "Kasa",
      text: "Asante",
      id: "in-1",
      date: "2026-11-22 10:00:00",
      linkId: "L1",
    });
    expect(await db().inboundSms.findFirstOrThrow({ where: { accountId: c.accountId } })).toMatchObject({
      body: "Asante",
      provider: "at",
    });
  });
});
