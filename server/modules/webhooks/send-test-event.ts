import { randomUUID } from "node:crypto";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";

/** A "webhook.test" delivery to the current endpoint, so a receiver can be checked end to end. */
export async function sendTestEvent(input: { accountId: string }) {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { accountId: input.accountId } });
  if (!endpoint) throw new AppError("NOT_FOUND", { message: "Register a webhook endpoint first" });
  const event = await db().event.findFirst({
    where: { accountId: input.accountId },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  const transactionId = `test_${randomUUID()}`;
  const timestamp = new Date().toISOString();
  const payload = JSON.stringify({
    event: "webhook.test",
    data: {
      transaction_id: transactionId,
      type: "test",
      message: "A test delivery from the dashboard",
      timestamp,
      livemode: false,
    },
    transaction_id: transactionId,
    timestamp,
  });
  const delivery = await db().webhookDelivery.create({
    data: {
      id: randomUUID(),
      accountId: input.accountId,
      endpointId: endpoint.id,
      eventId: event?.id ?? 0n,
      transactionId,
      event: "webhook.test",
      payload,
      livemode: false,
      nextAttemptAt: new Date(),
    },
  });
  return { id: delivery.id };
}
