// A default sender that works in every supported country (docs/decisions.md, "Senders, content rules and replies"):
// alphanumeric where carriers carry it, a number of the deployment's where
// they do not, a sandbox number for test keys, and a clear 503 naming the
// country and the setting when a live send has no number to leave from.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { api, apiCustomer, withTwilio } from "../../../test/api";
import { FakeTwilio, message } from "../../../test/fake-twilio";
import { db } from "../../db/client";
import { configure } from "../../config/config";

const carrier = new FakeTwilio();
beforeAll(async () => {
  await carrier.start("AC00000000000000000000000000000000", "test-auth-token");
  carrier.reply = (req) => ({ status: 201, body: message(req) });
});
afterAll(() => carrier.stop());
// The test setup configures a number for every country; each test here says what it needs.

const send = (key: string, to: string) =>
  withTwilio(() => api("POST", "/api/v1/sms/send", { key, body: { to, message: "Default sender" } }), carrier.url);

describe("a send without `from`", () => {
  it("leaves a US number from the deployment's number, and Ghana from its name", async () => {
    onTestFinished(configure({ KASA_SMS_DEFAULT_NUMBERS: "US=+14155550123, *=+15550000000" }));
    const c = await apiCustomer({ balance: 5 });
    const us = await send(c.liveKey, "+14155550100");
    expect(us.status, JSON.stringify(us.body)).toBe(200);
    expect(carrier.requests.at(-1)!.form.From).toBe("+14155550123");
    const gh = await send(c.liveKey, "+233241234567");
    expect(gh.status).toBe(200);
    expect(carrier.requests.at(-1)!.form.From).toBe("Kasa");
    const countries = await api("GET", "/api/v1/sms/countries?q=canada");
    expect(countries.body.data.countries[0].default_sender).toEqual({ type: "number", sender: "+15550000000" });
  });

  it("with no number configured: 503 naming the country and the setting on live keys, nothing charged; test keys use the sandbox number", async () => {
    onTestFinished(configure({ KASA_SMS_DEFAULT_NUMBERS: undefined }));
    const c = await apiCustomer({ balance: 5 });
    const before = await db().account.findUniqueOrThrow({ where: { id: c.accountId } });
    const refused = await send(c.liveKey, "+14155550100");
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      reason: "no_default_number",
      country: "US",
      setting: "KASA_SMS_DEFAULT_NUMBERS",
    });
    expect((await db().account.findUniqueOrThrow({ where: { id: c.accountId } })).balanceMicros).toBe(
      before.balanceMicros,
    );
    const sandbox = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+14155550100", message: "Default sender" },
    });
    expect(sandbox.status).toBe(200);
    const row = await db().smsMessage.findFirstOrThrow({ where: { id: sandbox.body.data.transaction_id } });
    expect(row.sender).toBe("+15005550006");
  });
});
