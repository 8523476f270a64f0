// Receivers that attack the delivery worker: one that trickles its answer a
// byte at a time so it never goes idle, and one so slow it would take every
// slot. An attempt ends at 10 s whatever the receiver does, a lease outlives
// any attempt, and a slow endpoint holds no more than its share of slots.
import { describe, expect, it } from "vitest";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import { raiseEvents } from "../../../test/events";
import { db } from "../../db/client";
import { pumpWebhookDeliveries } from "./deliver-due-webhooks";
import { deliverWebhooks } from "../../../test/deliver-webhooks";
import { waitUntil } from "../../../test/wait-until";

const { receiver, subscribe } = useWebhookReceiver();

async function deliveryIds(endpointId: string): Promise<Set<string>> {
  const rows = await db().webhookDelivery.findMany({ where: { endpointId }, select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

describe("webhook receivers that attack the worker", () => {
  it("a receiver trickling a byte every 2 s loses the attempt at 10 s, and a lease of 1 s cannot make it sent twice", async () => {
    const c = await subscribe(["sms.delivered"]);
    await raiseEvents(c.accountId, 1);
    const ours = await deliveryIds(c.endpointId);
    receiver.reply = (r) =>
      ours.has(String(r.headers["webhook-id"])) ? { status: 200, trickleEveryMs: 2_000 } : { status: 200 };
    const receivedBefore = receiver.received.length;

    // Two workers' loops, asking for a lease far shorter than an attempt: while the first holds the delivery, the
    // second finds nothing to claim, however often it looks.
    const first = deliverWebhooks({ ca: receiver.cert, leaseS: 1 });
    await waitUntil(() => receiver.received.length > receivedBefore, "the first attempt to reach the receiver", {
      timeoutMs: 10_000,
    });
    const second = deliverWebhooks({ ca: receiver.cert, leaseS: 1 });
    expect((await Promise.all([first, second])).reduce((a, b) => a + b, 0)).toBe(1);
    expect(receiver.received.length - receivedBefore).toBe(1);
    // The attempt was ended by its own deadline, not by the receiver (which never finishes).
    const row = await db().webhookDelivery.findFirstOrThrow({ where: { endpointId: c.endpointId } });
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 200 });
    expect(row.lastError).toContain("within 10 s");
  });

  it("a slow endpoint holds at most a quarter of the slots: another account's deliveries go straight through", async () => {
    const slow = await subscribe(["sms.delivered"]);
    const fast = await subscribe(["sms.delivered"]);
    await raiseEvents(slow.accountId, 20);
    const slowIds = await deliveryIds(slow.endpointId);
    let slowInFlight = 0;
    let slowPeak = 0;
    // The slow endpoint answers nothing until the fast one has had all its deliveries.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    receiver.reply = (r) => {
      if (!slowIds.has(String(r.headers["webhook-id"]))) return { status: 200 };
      slowPeak = Math.max(slowPeak, ++slowInFlight);
      void released.then(() => slowInFlight--);
      return { status: 200, until: released };
    };

    const stop = new AbortController();
    const pump = pumpWebhookDeliveries(stop.signal, { ca: receiver.cert, concurrency: 8 });
    // The slow endpoint takes what it can: its share, two attempts at once.
    await waitUntil(() => slowInFlight === 2, "the slow endpoint to hold its share of the slots", { timeoutMs: 5_000 });
    await raiseEvents(fast.accountId, 10);
    const fastDelivered = () =>
      db().webhookDelivery.count({ where: { endpointId: fast.endpointId, status: "succeeded" } });
    await waitUntil(async () => (await fastDelivered()) === 10, "the fast endpoint's ten deliveries", {
      timeoutMs: 30_000,
    });
    // All ten went through while the slow endpoint's first attempts were still waiting on it: nothing queued behind it.
    expect(await db().webhookDelivery.count({ where: { endpointId: slow.endpointId, status: "succeeded" } })).toBe(0);
    expect(slowPeak).toBe(2); // 8 slots x 0.25
    stop.abort();
    release();
    await pump;
  }, 60_000);
});
