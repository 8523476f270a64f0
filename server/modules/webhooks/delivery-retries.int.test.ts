import { describe, expect, it } from "vitest";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import { raiseEvents } from "../../../test/events";
import { db } from "../../db/client";
import { deliverDueWebhooks } from "./deliver-due-webhooks";

const { receiver, subscribe } = useWebhookReceiver();

// The schedule shrunk to one second per retry, so the test follows it in real time.
const SCHEDULE = [1, 1, 1, 1, 1, 1, 1];
const deliver = () => deliverDueWebhooks({ ca: receiver.cert, schedule: SCHEDULE });

async function untilDue(id: string) {
  const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id } });
  expect(row.status).toBe("pending");
  // Not a moment before: a round before the due time sends nothing.
  expect(await deliver()).toBe(0);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, row.nextAttemptAt!.getTime() - Date.now()) + 20));
}

describe("a receiver that is down, then up", () => {
  it("is retried on the schedule through refused connections, a 500, a hang past 10 s and a redirect, and gets the event once when it is up", async () => {
    const c = await subscribe(["sms.delivered"]);
    await receiver.down();
    const [transactionId] = await raiseEvents(c.accountId, 1);
    const row = () => db().webhookDelivery.findFirstOrThrow({ where: { transactionId } });
    const id = (await row()).id;
    const forThisEvent = () => receiver.received.filter((r) => r.headers["webhook-id"] === id);

    const attemptedAt = Date.now();
    await deliver(); // 1: connection refused
    let r = await row();
    expect(r).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: null,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    const gap = r.nextAttemptAt!.getTime() - attemptedAt;
    expect(gap).toBeGreaterThanOrEqual(900 - 50);
    expect(gap).toBeLessThanOrEqual(1_100 + 100);

    await receiver.up();
    receiver.reply = () => ({ status: 500, body: "boom" });
    await untilDue(id);
    await deliver(); // 2: 500
    expect(await row()).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: 500, responseExcerpt: "boom" });

    receiver.reply = () => ({ status: 200, delayMs: 11_000 });
    await untilDue(id);
    await deliver(); // 3: an answer that would come after 11 s
    r = await row();
    expect(r).toMatchObject({
      status: "pending",
      attempts: 3,
      lastStatusCode: null,
      lastError: expect.stringContaining("10 s"),
    });
    expect(r.lastLatencyMs).toBeGreaterThanOrEqual(10_000);
    expect(r.lastLatencyMs).toBeLessThan(11_000);

    receiver.reply = (req) =>
      req.path === "/elsewhere" ? { status: 200 } : { status: 302, headers: { location: "/elsewhere" } };
    await untilDue(id);
    await deliver(); // 4: a redirect is a failure and is not followed
    expect(await row()).toMatchObject({ status: "pending", attempts: 4, lastStatusCode: 302 });
    expect(receiver.received.some((x) => x.path === "/elsewhere")).toBe(false);

    receiver.reply = () => ({ status: 204 });
    await untilDue(id);
    const before = forThisEvent().length;
    await deliver(); // 5: up
    expect(await row()).toMatchObject({ status: "succeeded", attempts: 5, lastStatusCode: 204 });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await deliver();
    expect(forThisEvent().length - before).toBe(1);
    // Every try is logged with its answer, for support.
    const log = await db().webhookAttempt.findMany({ where: { deliveryId: id }, orderBy: { id: "asc" } });
    expect(log.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, null],
      [2, 500],
      [3, null],
      [4, 302],
      [5, 204],
    ]);
    expect(log[2]!.latencyMs).toBeGreaterThanOrEqual(10_000);
  }, 30_000);

  it("fails a delivery after the last attempt of the schedule", async () => {
    const c = await subscribe();
    receiver.reply = () => ({ status: 503 });
    const [transactionId] = await raiseEvents(c.accountId, 1);
    await deliverDueWebhooks({ ca: receiver.cert, schedule: [0] });
    await deliverDueWebhooks({ ca: receiver.cert, schedule: [0] });
    expect(await db().webhookDelivery.findFirstOrThrow({ where: { transactionId } })).toMatchObject({
      status: "failed",
      attempts: 2,
      nextAttemptAt: null,
    });
  });
});
