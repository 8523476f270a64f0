import { describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { api, apiCustomer } from "../../../test/api";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import { db } from "../../db/client";
import { deliverWebhooks } from "../../../test/deliver-webhooks";
import { replayDelivery } from "./replay-delivery";
import { sendTestEvent } from "./send-test-event";
import { configure } from "../../config/config";

const { receiver, subscribe } = useWebhookReceiver();
const deliver = () => deliverWebhooks({ ca: receiver.cert });

describe("webhook delivery", () => {
  it("posts SPEC 6.2 payloads signed both ways over the exact bytes, once per (transaction, event)", async () => {
    receiver.reply = () => ({ status: 200, body: "thanks" });
    const c = await subscribe(["sms.sent", "sms.delivered"]);
    const sent = await api("POST", "/api/v1/sms/send", {
      key: c.testKey,
      body: { to: "+233241234567", message: "Hook me" },
    });
    const id = sent.body.data.transaction_id;
    expect(await db().webhookDelivery.count({ where: { transactionId: id } })).toBe(1); // written with the event
    const before = receiver.received.length;
    await deliver();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const [hit] = got;
    const payload = JSON.parse(hit!.body);
    expect(payload).toMatchObject({
      event: "sms.sent",
      transaction_id: id,
      timestamp: expect.any(String),
      data: { transaction_id: id, type: "sms", status: "sent" },
    });
    expect(hit!.headers["user-agent"]).toBe("Service-Webhook/1.0 (Kasa webhooks)");
    expect(hit!.headers["content-type"]).toBe("application/json");
    expect(hit!.headers["x-service-signature"]).toBe(
      `sha256=${createHmac("sha256", c.secret).update(hit!.body).digest("hex")}`,
    );
    const stdKey = Buffer.from(c.secret.slice(6), "base64");
    const signed = `${hit!.headers["webhook-id"]}.${hit!.headers["webhook-timestamp"]}.${hit!.body}`;
    expect(hit!.headers["webhook-signature"]).toBe(
      `v1,${createHmac("sha256", stdKey).update(signed).digest("base64")}`,
    );
    const headers = hit!.headers as Record<string, string>;
    expect(new Webhook(c.secret).verify(hit!.body, headers)).toEqual(payload);
    // One flipped byte and neither signature holds.
    const flipped = hit!.body.replace('"sms.sent"', '"sms.sEnt"');
    expect(() => new Webhook(c.secret).verify(flipped, headers)).toThrow();
    expect(headers["x-service-signature"]).not.toBe(
      `sha256=${createHmac("sha256", c.secret).update(flipped).digest("hex")}`,
    );
    const row = await db().webhookDelivery.findFirstOrThrow({ where: { transactionId: id } });
    expect(row).toMatchObject({
      status: "succeeded",
      attempts: 1,
      lastStatusCode: 200,
      responseExcerpt: "thanks",
      id: hit!.headers["webhook-id"],
    });
    await deliver(); // nothing left to send
    expect(receiver.received.length - before).toBe(1);
  });

  it("puts transaction_id in data even when the event's data lacks it", async () => {
    const c = await subscribe(["*"]);
    const { raiseEvents } = await import("../../../test/events");
    const [id] = await raiseEvents(c.accountId, 1);
    const row = await db().webhookDelivery.findFirstOrThrow({ where: { transactionId: id } });
    expect(JSON.parse(row.payload)).toMatchObject({ transaction_id: id, data: { transaction_id: id, n: 1 } });
  });

  it("retries a failing endpoint on the schedule, and a 410 disables the endpoint", async () => {
    const c = await subscribe(["*"]);
    receiver.reply = () => ({ status: 503, body: "down" });
    await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "+233241234567", message: "retry" } });
    await deliver();
    const failing = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: c.endpointId } });
    expect(failing).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 503 });
    const wait = failing.nextAttemptAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(3_000);
    expect(wait).toBeLessThan(6_000);

    receiver.reply = () => ({ status: 410 });
    await db().webhookDelivery.update({ where: { id: failing.id }, data: { nextAttemptAt: new Date() } });
    await deliver();
    expect(await db().webhookEndpoint.findUniqueOrThrow({ where: { id: c.endpointId } })).toMatchObject({
      active: false,
      disabledReason: expect.stringContaining("410"),
    });
    // A disabled endpoint gets no new deliveries.
    await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "+233241234567", message: "after" } });
    expect(await db().webhookDelivery.count({ where: { endpointId: c.endpointId } })).toBe(1);
  });

  it("refuses to dial a private address even if the URL was accepted", async () => {
    const c = await subscribe(["sms.sent"]);
    const restore = configure({ WEBHOOK_ALLOWED_HOSTS: "" });
    try {
      await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "+233241234567", message: "ssrf" } });
      await deliver();
      const row = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: c.endpointId } });
      expect(row).toMatchObject({
        status: "pending",
        lastStatusCode: null,
        lastError: expect.stringContaining("refused"),
      });
    } finally {
      restore();
    }
  });

  it("replays a delivery from the dashboard and sends a test event to the endpoint", async () => {
    receiver.reply = () => ({ status: 200 });
    const c = await subscribe(["sms.sent"]);
    await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "+233241234567", message: "again" } });
    await deliver();
    const row = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: c.endpointId } });
    const before = receiver.received.length;
    await replayDelivery({ accountId: c.accountId, id: row.id });
    await sendTestEvent({ accountId: c.accountId });
    await deliver();
    const events = receiver.received
      .slice(before)
      .map((r) => JSON.parse(r.body).event)
      .sort();
    expect(events).toEqual(["sms.sent", "webhook.test"]);
    await expect(replayDelivery({ accountId: (await apiCustomer()).accountId, id: row.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});
