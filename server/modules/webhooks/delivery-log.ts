import { randomUUID } from "node:crypto";
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";

/** The Webhooks page: the endpoint and its latest deliveries. */
export async function webhookOverview(input: { accountId: string }) {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { accountId: input.accountId } });
  const deliveries = endpoint
    ? await db().webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { createdAt: "desc" }, take: 100, include: { attemptLog: { orderBy: { id: "asc" }, take: 20 } } })
    : [];
  return {
    endpoint: endpoint && {
      id: endpoint.id, url: endpoint.url, events: endpoint.events, active: endpoint.active, disabledReason: endpoint.disabledReason, disabledAt: endpoint.disabledAt,
      previousSecretExpiresAt: endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date() ? endpoint.previousSecretExpiresAt : null,
    },
    deliveries: deliveries.map((d) => ({
      id: d.id, event: d.event, transactionId: d.transactionId, status: d.status, attempts: d.attempts, nextAttemptAt: d.nextAttemptAt,
      lastStatusCode: d.lastStatusCode, lastError: d.lastError, lastLatencyMs: d.lastLatencyMs, responseExcerpt: d.responseExcerpt, createdAt: d.createdAt,
      attemptLog: d.attemptLog.map((a) => ({ attempt: a.attempt, statusCode: a.statusCode, error: a.error, latencyMs: a.latencyMs, at: a.attemptedAt })),
    })),
  };
}

/**
 * Sends a delivery again, whatever became of it (the receiver deduplicates on
 * transaction_id + event). A replay is one more attempt: if it fails, the
 * delivery retries on what is left of the schedule.
 */
export async function replayDelivery(input: { accountId: string; id: string }) {
  await activeEndpoint(input.accountId);
  const { count } = await db().webhookDelivery.updateMany({ where: { id: input.id, accountId: input.accountId }, data: { status: "pending", nextAttemptAt: new Date(), lockedUntil: null } });
  if (count === 0) throw new AppError("NOT_FOUND", { message: "No such delivery" });
  return { id: input.id, replayed: true };
}

/** "Replay all failed since <time>": every failed delivery created since then goes out again. */
export async function replayFailedSince(input: { accountId: string; since: Date }) {
  const endpoint = await activeEndpoint(input.accountId);
  const { count } = await db().webhookDelivery.updateMany({
    where: { accountId: input.accountId, endpointId: endpoint.id, status: "failed", createdAt: { gte: input.since } },
    data: { status: "pending", nextAttemptAt: new Date(), lockedUntil: null },
  });
  return { replayed: count };
}

async function activeEndpoint(accountId: string) {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { accountId } });
  if (!endpoint) throw new AppError("NOT_FOUND", { message: "Register a webhook endpoint first" });
  if (!endpoint.active) throw new AppError("CONFLICT", { message: "The endpoint is disabled; save it again to turn it back on, then replay", context: { reason: "endpoint_disabled" } });
  return endpoint;
}

/** A "webhook.test" delivery to the current endpoint, so a receiver can be checked end to end. */
export async function sendTestEvent(input: { accountId: string }) {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { accountId: input.accountId } });
  if (!endpoint) throw new AppError("NOT_FOUND", { message: "Register a webhook endpoint first" });
  const event = await db().event.findFirst({ where: { accountId: input.accountId }, orderBy: { id: "desc" }, select: { id: true } });
  const transactionId = `test_${randomUUID()}`;
  const timestamp = new Date().toISOString();
  const payload = JSON.stringify({ event: "webhook.test", data: { transaction_id: transactionId, type: "test", message: "A test delivery from the dashboard", timestamp }, transaction_id: transactionId, timestamp });
  const delivery = await db().webhookDelivery.create({
    data: { id: randomUUID(), accountId: input.accountId, endpointId: endpoint.id, eventId: event?.id ?? 0n, transactionId, event: "webhook.test", payload, nextAttemptAt: new Date() },
  });
  return { id: delivery.id };
}
