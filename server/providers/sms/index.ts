// The one way to a carrier. Test keys always get the sandbox; live keys get
// the configured carrier, or none (503 SERVICE_UNAVAILABLE, nothing charged).
import type { SmsCarrier } from "./carrier";
import { sandboxCarrier } from "./sandbox";
import { twilioCarrier, twilioConfigFromEnv } from "./twilio";

export { CarrierRejected, CarrierUnavailable, type SmsCarrier } from "./carrier";

let live: { key: string; carrier: SmsCarrier | null } | undefined;

export function smsCarrierFor(mode: "test" | "live"): SmsCarrier | null {
  if (mode === "test") return sandboxCarrier;
  const config = twilioConfigFromEnv();
  const key = JSON.stringify(config);
  if (live?.key !== key) live = { key, carrier: config ? twilioCarrier(config) : null };
  return live.carrier;
}
