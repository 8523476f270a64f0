import {
  CarrierRejected,
  CarrierUnavailable,
  type CarrierAcceptance,
  type OutboundSms,
  type SmsCarrier,
} from "../../providers/sms";
import { countSend } from "../operations/send-metrics";

export type CarrierAttempt = {
  carrier: string;
  outcome: "accepted" | "unavailable" | "rejected";
  detail: string | null;
  at: string;
};

/**
 * A route's carriers, in order, until one accepts. An unavailable carrier
 * (not bound, timing out, 5xx, throttled) hands over to the next; a rejection
 * is about the message itself and stops, as does a carrier that failed after
 * taking some parts (another would send those parts twice). Every try is
 * recorded with why the route moved on.
 */
export async function tryCarriers(
  carriers: SmsCarrier[],
  message: (carrier: SmsCarrier) => OutboundSms,
  mode: "test" | "live" = "live",
): Promise<{ accepted?: CarrierAcceptance; attempts: CarrierAttempt[]; failure?: Error }> {
  const attempts: CarrierAttempt[] = [];
  let failure: Error | undefined;
  for (const carrier of carriers) {
    try {
      const accepted = await carrier.send(message(carrier));
      attempts.push({ carrier: carrier.name, outcome: "accepted", detail: null, at: new Date().toISOString() });
      countSend({ channel: "sms", carrier: carrier.name, outcome: "accepted", mode });
      return { accepted, attempts };
    } catch (error) {
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
