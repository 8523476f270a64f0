// The delivery loop's work: lease due deliveries, attempt each, record the
// outcome. Only 2xx is success; a 410 Gone disables the endpoint at once;
// otherwise retry on the schedule with jitter, and after the last attempt the
// delivery is failed. The pump keeps `concurrency` attempts in flight, at most
// a quarter of them for one endpoint, so one slow endpoint never holds up the
// rest of the queue.
import { unseal } from "../../lib/seal";
import { postWebhook } from "./post-webhook";
import { signatureHeaders } from "./sign-webhook";
import { settingsWith, slotsPerEndpoint, type DeliverySettings } from "./delivery-settings";
import {
  claimDueDeliveries,
  disableEndpoint,
  endFailureStreak,
  markFirstDelivery,
  extendFailureStreak,
  recordAttempt,
  type ClaimedDelivery,
} from "./delivery-store";
import { countDeliveryAttempt } from "../operations/queue-metrics";

export type DeliveryOptions = Partial<DeliverySettings> & { ca?: string | Buffer };

/** One round: lease up to `limit` due deliveries and attempt them all. Returns how many were attempted. */
export async function deliverDueWebhooks(options: DeliveryOptions & { limit?: number } = {}): Promise<number> {
  const settings = settingsWith(options);
  const limit = options.limit ?? 50;
  const claimed = await claimDueDeliveries(limit, settings.leaseS, slotsPerEndpoint(limit, settings.endpointShare));
  await Promise.all(claimed.map((d) => attempt(d, settings, options.ca)));
  return claimed.length;
}

/**
 * Delivers until nothing is due and nothing is in flight, or until the signal
 * aborts; either way it returns only after the attempts in flight have been
 * recorded, so a graceful stop sends nothing twice.
 */
export async function pumpWebhookDeliveries(signal: AbortSignal, options: DeliveryOptions = {}): Promise<void> {
  const settings = settingsWith(options);
  const inFlight = new Set<Promise<void>>();
  const perEndpoint = slotsPerEndpoint(settings.concurrency, settings.endpointShare);
  while (!signal.aborted) {
    const free = settings.concurrency - inFlight.size;
    const claimed = free > 0 ? await claimDueDeliveries(free, settings.leaseS, perEndpoint) : [];
    for (const delivery of claimed) {
      const running = attempt(delivery, settings, options.ca).finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    if (inFlight.size === 0) return;
    // Claim again as soon as a slot frees up, or shortly when the queue ran dry.
    await Promise.race([...inFlight, ...(claimed.length < free ? [delay(100)] : [])]);
  }
  await Promise.all(inFlight);
}

async function attempt(delivery: ClaimedDelivery, settings: DeliverySettings, ca?: string | Buffer): Promise<void> {
  const headers = signatureHeaders({
    id: delivery.id,
    body: delivery.payload,
    secret: unseal(delivery.secret),
    previousSecret: delivery.previous_secret ? unseal(delivery.previous_secret) : undefined,
    timestamp: Math.floor(Date.now() / 1000),
  });
  const result = await postWebhook(delivery.url, delivery.payload, headers, { ca });
  // A 2xx whose body never finished within the deadline is not a delivery.
  const ok = result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  if (ok && delivery.failing_since) await endFailureStreak(delivery.endpoint_id);
  if (ok && delivery.first_delivery) await markFirstDelivery(delivery.endpoint_id);
  if (result.statusCode === 410) await disableEndpoint(delivery.endpoint_id, "The endpoint answered 410 Gone");
  else if (!ok) await extendFailureStreak(delivery.endpoint_id, settings.disableAfterS);
  const wait = settings.schedule[delivery.attempts];
  // ±10% jitter so endpoints that failed together are not retried in lockstep.
  const retryAt = !ok && wait !== undefined ? new Date(Date.now() + wait * 1000 * (0.9 + Math.random() * 0.2)) : null;
  await recordAttempt(delivery, result, ok, retryAt);
  countDeliveryAttempt(ok ? "delivered" : result.statusCode === 410 ? "gone" : retryAt ? "will_retry" : "failed");
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
