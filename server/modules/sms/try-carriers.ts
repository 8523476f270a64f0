import {
  CarrierAmbiguous,
  CarrierRejected,
  CarrierUnavailable,
  type CarrierAcceptance,
  type OutboundSms,
  type SmsCarrier,
} from "../../providers/sms";
import { countSend } from "../operations/send-metrics";

export type CarrierAttempt = {
  carrier: string;
  outcome: "accepted" | "unavailable" | "rejected" | "ambiguous";
  detail: string | null;
  at: string;
};

/**
 * A route's carriers, in order, until one accepts. An unavailable carrier
 * (not bound, timing out, 5xx, throttled) hands over to the next; a rejection
 * is about the message itself and stops, as does a carrier that failed after
 * taking some parts (another would send those parts twice). A carrier that
 * was handed the message and never answered stops the route too: it may have
 * the message, so no other carrier gets it (`ambiguous`). Every try is
 * recorded with why the route moved on.
 */
export async function tryCarriers({
  carriers,
  message,
  mode = "live",
}: {
  carriers: SmsCarrier[];
  message: (carrier: SmsCarrier) => OutboundSms;
  mode?: "test" | "live";
}): Promise<{
  accepted?: CarrierAcceptance;
  ambiguous?: CarrierAmbiguous;
  attempts: CarrierAttempt[];
  failure?: Error;
}> {
  const attempts: CarrierAttempt[] = [];
  let failure: Error | undefined;
  for (const carrier of carriers) {
    try {
      const accepted = await carrier.send(message(carrier));
      attempts.push({ carrier: carrier.name, outcome: "accepted", detail: null, at: new Date().toISOString() });
      countSend({ channel: "sms", carrier: carrier.name, outcome: "accepted", mode });
      return { accepted, attempts };
    } catch (error) {
      if (error instanceof CarrierAmbiguous) {
        attempts.push({
          carrier: carrier.name,
          outcome: "ambiguous",
          detail: error.message,
          at: new Date().toISOString(),
        });
        countSend({ channel: "sms", carrier: carrier.name, outcome: "unknown", mode });
        return { ambiguous: error, attempts };
      }
      failure = error as Error;
      const rejected = error instanceof CarrierRejected;
      attempts.push({
        carrier: carrier.name,
        outcome: rejected ? "rejected" : "unavailable",
        detail: failure.message,
        at: new Date().toISOString(),
      });
      countSend({ channel: "sms", carrier: carrier.name, outcome: rejected ? "rejected" : "unavailable", mode });
      if (rejected || (error instanceof CarrierUnavailable && !error.retryElsewhere)) break;
    }
  }
  return { attempts, failure };
}
