import { db } from "../../db/client";
import { deliverySettings } from "./delivery-settings";

/** The Webhooks page: the endpoint and its latest deliveries. */
export async function webhookOverview(input: { accountId: string; mode?: "live" | "test" }) {
  const endpoint = await db().webhookEndpoint.findUnique({ where: { accountId: input.accountId } });
  const deliveries = endpoint
    ? await db().webhookDelivery.findMany({
        // The account too: its (account, mode, time) index gives the newest 100 without reading the rest.
        where: {
          accountId: input.accountId,
          endpointId: endpoint.id,
          ...(input.mode ? { livemode: input.mode === "live" } : {}),
        },
        orderBy: { createdAt: "desc" },
        take: 100,
        include: { attemptLog: { orderBy: { id: "asc" }, take: 20 } },
      })
    : [];
  return {
    endpoint: endpoint && {
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      mode: endpoint.mode,
      active: endpoint.active,
      disabledReason: endpoint.disabledReason,
      disabledAt: endpoint.disabledAt,
      previousSecretExpiresAt:
        endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date()
          ? endpoint.previousSecretExpiresAt
          : null,
    },
    // A delivery is tried once, then once after each wait of the schedule.
    maxAttempts: deliverySettings().schedule.length + 1,
    deliveries: deliveries.map((d) => ({
      id: d.id,
      event: d.event,
      livemode: d.livemode,
      transactionId: d.transactionId,
      status: d.status,
      attempts: d.attempts,
      nextAttemptAt: d.nextAttemptAt,
      lastStatusCode: d.lastStatusCode,
      lastError: d.lastError,
      lastLatencyMs: d.lastLatencyMs,
      responseExcerpt: d.responseExcerpt,
      createdAt: d.createdAt,
      attemptLog: d.attemptLog.map((a) => ({
        attempt: a.attempt,
        statusCode: a.statusCode,
        error: a.error,
        latencyMs: a.latencyMs,
        at: a.attemptedAt,
      })),
    })),
  };
}
