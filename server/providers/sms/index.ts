// The one way to carriers. Test keys always get the sandbox. Live keys get the
// carriers configured for the deployment (server/config/sms-carriers.ts), built
// once per process and rebuilt when the configuration changes; SMPP carriers hold their
// bind for the life of the process. Receipts and inbound messages that
// arrive over a carrier's own link go to the handlers the caller gives: the
// provider parses, the SMS module decides what a report means.
import type { SmsCarrier, CarrierHandlers } from "./carrier";
import { sandboxCarrier } from "./sandbox";
import { twilioCarrier } from "./twilio";
import { africasTalkingCarrier } from "./africas-talking";
import { smppCarrier, type SmppCarrier } from "./smpp/smpp-carrier";
import { config } from "../../config/config";
import type { CarrierConfig } from "../../config/sms-carriers";
import { logger } from "../../lib/logger";

export {
  CarrierAmbiguous,
  CarrierRejected,
  CarrierUnavailable,
  type SmsCarrier,
  type CarrierAcceptance,
  type OutboundSms,
  type CarrierReceiptReport,
  type InboundSmsReport,
} from "./carrier";
export { SANDBOX_NUMBERS } from "./sandbox";
export type { CarrierHandlers, UssdCarrierHop } from "./carrier";
export { TWILIO_STATUS_PATH } from "./twilio";
export { twilioSignatureValid } from "./twilio-signature";
export { twilioReason, africasTalkingReason } from "./failure-reasons";
export { sandboxCarrier };

type Settings = { key: CarrierConfig[]; configs: CarrierConfig[] };
let live: { key: CarrierConfig[]; carriers: Map<string, SmsCarrier> } | undefined;

// Keyed on the parsed list itself: a new configuration is a new list.
function currentSettings(): Settings {
  const configs = config().carriers;
  return { key: configs, configs };
}

/** The live carriers by name, in configuration order; reports that arrive on their own links go to `handlers`. */
export function liveCarriers(handlers: CarrierHandlers): Map<string, SmsCarrier> {
  const { key, configs } = currentSettings();
  if (live?.key !== key) {
    const previous = live;
    live = { key, carriers: new Map(configs.map((c) => [c.name, build(c, handlers)])) };
    if (previous) void closeCarriers(previous.carriers);
  }
  return live.carriers;
}

/** The configuration of one live carrier (callbacks use it to check who is calling). */
export function liveCarrierConfig(name: string): CarrierConfig | undefined {
  return currentSettings().configs.find((c) => c.name === name);
}

export type CarrierHealth = {
  name: string;
  kind: string;
  state: "bound" | "connecting" | "down" | "http";
  lastError: string | null;
};

export function carrierHealth(handlers: CarrierHandlers): CarrierHealth[] {
  const carriers = liveCarriers(handlers);
  return currentSettings().configs.map((c) => {
    const carrier = carriers.get(c.name) as Partial<SmppCarrier>;
    const smpp = carrier.state?.();
    return {
      name: c.name,
      kind: c.kind,
      state: smpp ? (smpp.state === "closed" ? "down" : smpp.state) : "http",
      lastError: smpp?.lastError ?? null,
    };
  });
}

/** Unbinds SMPP carriers (process shutdown). */
export async function closeLiveCarriers(): Promise<void> {
  if (live) await closeCarriers(live.carriers);
  live = undefined;
}

function build(config: CarrierConfig, handlers: CarrierHandlers): SmsCarrier {
  switch (config.kind) {
    case "smpp":
      return smppCarrier(config.name, config.smpp, handlers, (line) => logger().info({ carrier: config.name }, line));
    case "twilio":
      return twilioCarrier(config.twilio, config.name);
    case "africastalking":
      return africasTalkingCarrier(config.name, config.africasTalking);
  }
}

async function closeCarriers(carriers: Map<string, SmsCarrier>) {
  await Promise.all([...carriers.values()].map((c) => (c as Partial<SmppCarrier>).close?.()));
}
