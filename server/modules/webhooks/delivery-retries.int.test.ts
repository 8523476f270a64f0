import { describe, expect, it } from "vitest";
import { useWebhookReceiver } from "../../../test/use-webhook-receiver";
import { raiseEvents } from "../../../test/events";
import { db } from "../../db/client";
import { deliverWebhooks } from "../../../test/deliver-webhooks";
import { TestClock } from "../../../test/clock";

const { receiver, subscribe } = useWebhookReceiver();

// A minute between retries, on a clock the test moves: the worker's own loop runs each time it is due.
const SCHEDULE = [60, 60, 60, 60, 60, 60, 60];
const clock = new TestClock();
const deliver = () => deliverWebhooks({ ca: receiver.cert, schedule: SCHEDULE, clock });

async function untilDue(id: string) {
  const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id } });
  expect(row.status).toBe("pending");
  // Not a moment before: a round a second before the due time sends nothing.
  clock.moveTo(new Date(row.nextAttemptAt!.getTime() - 1_000));
  expect(await deliver()).toBe(0);
  clock.moveTo(row.nextAttemptAt!);
}

describe("a receiver that is down, then up", () => {
  it("is retried on the schedule through refused connections, a 500, a hang past 10 s and a redirect, and gets the event once when it is up", async () => {
    const c = await subscribe(["sms.delivered"]);
    await receiver.down();
    const [transactionId] = await raiseEvents(c.accountId, 1);
    const row = () => db().webhookDelivery.findFirstOrThrow({ where: { transactionId } });
    const id = (await row()).id;
    const forThisEvent = () => receiver.received.filter((r) => r.headers["webhook-id"] === id);

    // The clock starts now, after the event was raised.
    const attemptedAt = clock.moveTo(new Date()).getTime();
    await deliver(); // 1: connection refused
    const r = await row();
    expect(r).toMatchObject({
      status: "pending",
      attempts: 1,
      lastStatusCode: null,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    // The schedule's first wait, ±10 % jitter.
    const gap = r.nextAttemptAt!.getTime() - attemptedAt;
    expect(gap).toBeGreaterThanOrEqual(54_000);
    expect(gap).toBeLessThanOrEqual(66_000);

    await receiver.up();
    receiver.reply = () => ({ status: 500, body: "boom" });
    await untilDue(id);
    await deliver(); // 2: 500
    expect(await row()).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: 500, responseExcerpt: "boom" });

    receiver.reply = () => ({ status: 200, delayMs: 11_000 });
    await untilDue(id);
    await deliver(); // 3: an answer that would come after 11 s
    expect(await row()).toMatchObject({
      status: "pending",
      attempts: 3,
      lastStatusCode: null,
      lastError: expect.stringContaining("no complete answer within 10 s"),
    });

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
    // However late the worker runs again, a delivered event is not sent again.
    clock.advance(3_600_000);
    expect(await deliver()).toBe(0);
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
  }, 30_000);

  it("fails a delivery after the last attempt of the schedule", async () => {
    const c = await subscribe();
    receiver.reply = () => ({ status: 503 });
    const [transactionId] = await raiseEvents(c.accountId, 1);
    // The loop retries at once (a schedule of one retry, after 0 s), then gives up.
    await deliverWebhooks({ ca: receiver.cert, schedule: [0] });
    expect(await db().webhookDelivery.findFirstOrThrow({ where: { transactionId } })).toMatchObject({
      status: "failed",
      attempts: 2,
      nextAttemptAt: null,
    });
  });
});
