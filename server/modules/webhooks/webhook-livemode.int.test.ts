// Test and live apart on the webhook (docs/decisions.md, "Rotation, replay and modes"): every payload says
// data.livemode, taken from the transaction's own mode; an endpoint may take
// live events, test events or both; the delivery log filters by mode.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, apiCustomer, withTwilio } from "../../../test/api";
import { FakeTwilio, message } from "../../../test/fake-twilio";
import { db } from "../../db/client";
import { webhookOverview } from "./delivery-log";

const HOOK = "https://93.184.216.34/kasa/events";
const carrier = new FakeTwilio();
beforeAll(async () => {
  await carrier.start("AC00000000000000000000000000000000", "test-auth-token");
  carrier.reply = (req) => ({ status: 201, body: message(req) });
});
afterAll(() => carrier.stop());

async function sendSms(key: string, idempotency: string) {
  const sent = await withTwilio(
    () =>
      api("POST", "/api/v1/sms/send", {
        key,
        body: { to: "+233241234567", message: "Mode check", idempotency_key: idempotency },
      }),
    carrier.url,
  );
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return sent.body.data.transaction_id as string;
}

async function payloadsOf(accountId: string, transactionId: string) {
  const rows = await db().webhookDelivery.findMany({ where: { accountId, transactionId } });
  return rows.map((r) => ({ livemode: r.livemode, payload: JSON.parse(r.payload) }));
}

describe("data.livemode on every webhook", () => {
  it("is false for a test key's events and true for a live key's; an endpoint can take one mode only", async () => {
    const c = await apiCustomer({ balance: 5 });
    const registered = await api("POST", "/api/v1/webhooks", { key: c.testKey, body: { url: HOOK, events: ["*"] } });
    expect(registered.body.data.mode).toBe("both");

    const testTx = await sendSms(c.testKey, "mode-test-1");
    const liveTx = await sendSms(c.liveKey, "mode-live-1");
    const testPayloads = await payloadsOf(c.accountId, testTx);
    const livePayloads = await payloadsOf(c.accountId, liveTx);
    expect(testPayloads.length).toBeGreaterThan(0);
    expect(livePayloads.length).toBeGreaterThan(0);
    for (const p of testPayloads) expect(p).toMatchObject({ livemode: false, payload: { data: { livemode: false } } });
    for (const p of livePayloads) expect(p).toMatchObject({ livemode: true, payload: { data: { livemode: true } } });

    const log = await webhookOverview({ accountId: c.accountId, mode: "test" });
    expect(log.deliveries.length).toBeGreaterThan(0);
    expect(log.deliveries.every((d) => d.transactionId === testTx && !d.livemode)).toBe(true);

    // Live only: a test key's next events reach no delivery; an update without mode keeps it.
    const liveOnly = await api("POST", "/api/v1/webhooks", {
      key: c.testKey,
      body: { url: HOOK, events: ["*"], mode: "live" },
    });
    expect(liveOnly.body.data.mode).toBe("live");
    await api("POST", "/api/v1/webhooks", { key: c.testKey, body: { url: HOOK, events: ["*"] } });
    expect((await api("GET", "/api/v1/webhooks", { key: c.testKey })).body.data.webhooks[0].mode).toBe("live");
    const ignored = await sendSms(c.testKey, "mode-test-2");
    expect(await payloadsOf(c.accountId, ignored)).toEqual([]);
    const kept = await sendSms(c.liveKey, "mode-live-2");
    expect((await payloadsOf(c.accountId, kept)).length).toBeGreaterThan(0);

    const bad = await api("POST", "/api/v1/webhooks", {
      key: c.testKey,
      body: { url: HOOK, events: ["*"], mode: "prod" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/mode must be/);
  });
});
