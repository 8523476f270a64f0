// The worker's delivery loop: lease due deliveries, attempt each, record the
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

/**
 * `clock`: what time it is for due attempts, leases and retries (tests drive it forward; the worker leaves it to
 * the database's own). `ca`: a certificate to trust (a test's local HTTPS receiver).
 */
export type DeliveryOptions = Partial<DeliverySettings> & { ca?: string | Buffer; clock?: { now(): Date } };

/**
 * Delivers until nothing is due and nothing is in flight, or until the signal
 * aborts; either way it returns only after the attempts in flight have been
 * recorded, so a graceful stop sends nothing twice. Returns how many attempts it made.
 */
export async function pumpWebhookDeliveries(signal: AbortSignal, options: DeliveryOptions = {}): Promise<number> {
  const settings = settingsWith(options);
  const inFlight = new Set<Promise<void>>();
  const perEndpoint = slotsPerEndpoint(settings.concurrency, settings.endpointShare);
  let attempted = 0;
  while (!signal.aborted) {
    const free = settings.concurrency - inFlight.size;
    const claimed =
      free > 0
        ? await claimDueDeliveries({
            limit: free,
            leaseS: settings.leaseS,
            perEndpoint,
            at: options.clock?.now() ?? null,
          })
        : [];
    attempted += claimed.length;
    for (const delivery of claimed) {
      const running = attempt(delivery, settings, options).finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    if (inFlight.size === 0) return attempted;
    // Claim again as soon as a slot frees up, or shortly when the queue ran dry.
    await Promise.race([...inFlight, ...(claimed.length < free ? [delay(100)] : [])]);
  }
  await Promise.all(inFlight);
  return attempted;
}

async function attempt(delivery: ClaimedDelivery, settings: DeliverySettings, options: DeliveryOptions): Promise<void> {
  const headers = signatureHeaders({
    id: delivery.id,
    body: delivery.payload,
    secret: unseal(delivery.secret),
    previousSecret: delivery.previous_secret ? unseal(delivery.previous_secret) : undefined,
    timestamp: Math.floor(Date.now() / 1000),
  });
  const result = await postWebhook({ url: delivery.url, body: delivery.payload, headers, options: { ca: options.ca } });
  // A 2xx whose body never finished within the deadline is not a delivery.
  const ok = result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  if (ok && delivery.failing_since) await endFailureStreak(delivery.endpoint_id);
  if (ok && delivery.first_delivery) await markFirstDelivery(delivery.endpoint_id);
  if (result.statusCode === 410) await disableEndpoint(delivery.endpoint_id, "The endpoint answered 410 Gone");
  else if (!ok) await extendFailureStreak(delivery.endpoint_id, settings.disableAfterS);
  const wait = settings.schedule[delivery.attempts];
  // ±10% jitter so endpoints that failed together are not retried in lockstep.
  const now = options.clock?.now().getTime() ?? Date.now();
  const retryAt = !ok && wait !== undefined ? new Date(now + wait * 1000 * (0.9 + Math.random() * 0.2)) : null;
  await recordAttempt({ delivery, result, ok, retryAt });
  countDeliveryAttempt(ok ? "delivered" : result.statusCode === 410 ? "gone" : retryAt ? "will_retry" : "failed");
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
