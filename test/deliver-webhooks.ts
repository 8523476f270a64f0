// Webhook delivery in tests runs the worker's own loop (pumpWebhookDeliveries),
// until nothing is due and nothing is in flight.
import { pumpWebhookDeliveries, type DeliveryOptions } from "../server/modules/webhooks/deliver-due-webhooks";

/** Runs the delivery loop to the end of what is due (at `options.clock`'s time); returns the attempts it made. */
export function deliverWebhooks(options: DeliveryOptions = {}): Promise<number> {
  return pumpWebhookDeliveries(new AbortController().signal, options);
}
