import { describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { api, apiCustomer } from "../../../test/api";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import { raiseEvents } from "../../../test/events";
import { db, sql } from "../../db/client";
import { deliverWebhooks } from "../../../test/deliver-webhooks";
import { webhookOverview } from "./delivery-log";
import { replayDelivery } from "./replay-delivery";
import { replayFailedSince } from "./replay-failed-since";
import { rotateWebhookSecret } from "./rotate-webhook-secret";

const { receiver, subscribe } = useWebhookReceiver();
const deliver = () => deliverWebhooks({ ca: receiver.cert });

describe("an endpoint that fails every attempt for 5 days", () => {
  it("is disabled, its queue is failed, the owner sees why, and saving it again brings it back with replay", async () => {
    const c = await subscribe();
    receiver.reply = () => ({ status: 500 });
    const [first] = await raiseEvents(c.accountId, 1);
    await deliver();
    const endpoint = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: c.endpointId } });
    expect(endpoint.failingSince).toBeInstanceOf(Date);
    expect(endpoint.active).toBe(true);

    // Four days of failures is not enough...
    await sql().query(`UPDATE webhook_endpoints SET failing_since = now() - interval '4 days' WHERE id = $1`, [
      c.endpointId,
    ]);
    await raiseEvents(c.accountId, 1);
    await deliver();
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: c.endpointId } })).active).toBe(true);

    // ...five days is.
    await sql().query(`UPDATE webhook_endpoints SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1`, [
      c.endpointId,
    ]);
    await sql().query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1`, [c.endpointId]);
    await deliver();
    const disabled = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: c.endpointId } });
    expect(disabled).toMatchObject({
      active: false,
      disabledAt: expect.any(Date),
      disabledReason: expect.stringMatching(/^Every delivery attempt failed since/),
    });
    const deliveries = await db().webhookDelivery.findMany({ where: { endpointId: c.endpointId } });
    expect(deliveries.map((d) => d.status)).toEqual(["failed", "failed"]);
    const listed = await api("GET", "/api/v1/webhooks", { key: c.testKey });
    expect(listed.body.data.webhooks[0]).toMatchObject({
      active: false,
      disabled_reason: disabled.disabledReason,
      disabled_at: disabled.disabledAt!.toISOString(),
    });
    expect((await webhookOverview({ accountId: c.accountId })).endpoint).toMatchObject({
      active: false,
      disabledReason: disabled.disabledReason,
    });

    // Nothing is replayed into a disabled endpoint.
    await expect(replayFailedSince({ accountId: c.accountId, since: new Date(0) })).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(replayDelivery({ accountId: c.accountId, id: deliveries[0]!.id })).rejects.toMatchObject({
      code: "CONFLICT",
    });

    // Saved again: on, with a clean slate; "replay all failed since" sends both.
    receiver.reply = () => ({ status: 200 });
    await api("POST", "/api/v1/webhooks", { key: c.testKey, body: { url: receiver.url, events: ["*"] } });
    expect(await db().webhookEndpoint.findUniqueOrThrow({ where: { id: c.endpointId } })).toMatchObject({
      active: true,
      failingSince: null,
      disabledReason: null,
    });
    expect(await replayFailedSince({ accountId: c.accountId, since: new Date(0) })).toEqual({ replayed: 2 });
    await deliver();
    expect((await db().webhookDelivery.findMany({ where: { endpointId: c.endpointId } })).map((d) => d.status)).toEqual(
      ["succeeded", "succeeded"],
    );
    expect(first).toBeTruthy();
  });

  it("a success in between ends the failure streak", async () => {
    const c = await subscribe();
    receiver.reply = () => ({ status: 500 });
    await raiseEvents(c.accountId, 1);
    await deliver();
    await sql().query(`UPDATE webhook_endpoints SET failing_since = now() - interval '6 days' WHERE id = $1`, [
      c.endpointId,
    ]);
    receiver.reply = () => ({ status: 200 });
    await raiseEvents(c.accountId, 1);
    await deliver();
    expect(await db().webhookEndpoint.findUniqueOrThrow({ where: { id: c.endpointId } })).toMatchObject({
      active: true,
      failingSince: null,
    });
  });
});

describe("replay all failed since a time", () => {
  it("sends again only the failed deliveries created since then", async () => {
    const c = await subscribe();
    receiver.reply = () => ({ status: 500 });
    const [old, recent] = await raiseEvents(c.accountId, 2);
    await sql().query(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE endpoint_id = $1`,
      [c.endpointId],
    );
    await sql().query(
      `UPDATE webhook_deliveries SET created_at = now() - interval '2 hours' WHERE transaction_id = $1`,
      [old],
    );
    receiver.reply = () => ({ status: 200 });
    expect(await replayFailedSince({ accountId: c.accountId, since: new Date(Date.now() - 3_600_000) })).toEqual({
      replayed: 1,
    });
    const before = receiver.received.length;
    await deliver();
    expect(receiver.received.slice(before).map((r) => JSON.parse(r.body).transaction_id)).toEqual([recent]);
  });
});

describe("rotating the secret", () => {
  it("keeps the URL, signs with the new secret, and with the old one too for 24 hours", async () => {
    const c = await subscribe();
    receiver.reply = () => ({ status: 200 });
    const rotated = await rotateWebhookSecret({ accountId: c.accountId });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(c.secret);
    expect(rotated.previousSecretExpiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: c.endpointId } })).url).toBe(receiver.url);

    const before = receiver.received.length;
    await raiseEvents(c.accountId, 1);
    await deliver();
    const hit = receiver.received[before]!;
    const headers = hit.headers as Record<string, string>;
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(() => new Webhook(rotated.secret).verify(hit.body, headers)).not.toThrow();
    expect(() => new Webhook(c.secret).verify(hit.body, headers)).not.toThrow();
    expect(headers["x-service-signature"]).toBe(
      `sha256=${createHmac("sha256", rotated.secret).update(hit.body).digest("hex")}`,
    );

    // After the grace period only the new secret signs.
    await sql().query(
      `UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`,
      [c.endpointId],
    );
    await raiseEvents(c.accountId, 1);
    await deliver();
    const later = receiver.received[before + 1]!;
    expect(() => new Webhook(c.secret).verify(later.body, later.headers as Record<string, string>)).toThrow();
    expect(() => new Webhook(rotated.secret).verify(later.body, later.headers as Record<string, string>)).not.toThrow();
  });
});

describe("the same over the API", () => {
  it("POST /api/v1/webhooks/rotate-secret issues a new secret; POST /api/v1/webhooks/replay re-queues failed deliveries since a time", async () => {
    const c = await subscribe();
    const rotated = await api("POST", "/api/v1/webhooks/rotate-secret", { key: c.testKey, body: {} });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data).toMatchObject({
      id: c.endpointId,
      secret: expect.stringMatching(/^whsec_/),
      previous_secret_expires_at: expect.any(String),
    });
    expect(rotated.body.data.secret).not.toBe(c.secret);

    await raiseEvents(c.accountId, 2);
    await sql().query(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL WHERE endpoint_id = $1`,
      [c.endpointId],
    );
    const replayed = await api("POST", "/api/v1/webhooks/replay", {
      key: c.testKey,
      body: { since: new Date(Date.now() - 60_000).toISOString() },
    });
    expect(replayed.body.data).toEqual({ replayed: 2 });
    const bad = await api("POST", "/api/v1/webhooks/replay", { key: c.testKey, body: { since: "yesterday" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("INVALID_REQUEST");
    expect((await api("POST", "/api/v1/webhooks/replay", { key: c.testKey, body: {} })).body.error.code).toBe(
      "MISSING_FIELD",
    );
    const stranger = await apiCustomer();
    expect((await api("POST", "/api/v1/webhooks/rotate-secret", { key: stranger.testKey, body: {} })).status).toBe(404);
  });
});
