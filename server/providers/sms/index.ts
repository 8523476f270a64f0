// The one way to carriers. Test keys always get the sandbox. Live keys get the
// carriers configured for the deployment (carrier-config.ts), built once per
// process and rebuilt when the configuration changes; SMPP carriers hold their
// bind for the life of the process. Receipts and inbound messages that
// arrive over a carrier's own link go to the SMS module.
import type { SmsCarrier, CarrierHandlers } from "./carrier";
import { sandboxCarrier } from "./sandbox";
import { twilioCarrier } from "./twilio";
import { africasTalkingCarrier } from "./africas-talking";
import { smppCarrier, type SmppCarrier } from "./smpp/smpp-carrier";
import { carrierConfigs, type CarrierConfig } from "./carrier-config";
import { applyCarrierReceipt } from "../../modules/sms/apply-carrier-receipt";
import { receiveInboundSms } from "../../modules/sms/receive-inbound-sms";

export {
  CarrierRejected,
  CarrierUnavailable,
  type SmsCarrier,
  type CarrierAcceptance,
  type OutboundSms,
  type CarrierReceiptReport,
  type InboundSmsReport,
} from "./carrier";
export { SANDBOX_NUMBERS } from "./sandbox";
export { sandboxCarrier };

type Live = { key: string; configs: CarrierConfig[]; carriers: Map<string, SmsCarrier> };
let live: Live | undefined;

const handlers: CarrierHandlers = { onReceipt: applyCarrierReceipt, onInbound: receiveInboundSms };

/** The live carriers by name, in configuration order. */
export function liveCarriers(): Map<string, SmsCarrier> {
  // Keyed on the raw settings: this runs on every live send, and parsing URLs each time would be waste.
  const env = process.env;
  const key = [
    env.SMS_CARRIERS,
    env.SMPP_URL,
    env.TWILIO_ACCOUNT_SID,
    env.TWILIO_AUTH_TOKEN,
    env.TWILIO_API_BASE_URL,
    env.TWILIO_TIMEOUT_MS,
  ].join("\u0000");
  if (live?.key !== key) {
    const configs = carrierConfigs();
    const previous = live;
    live = { key, configs, carriers: new Map(configs.map((c) => [c.name, build(c)])) };
    if (previous) void closeCarriers(previous.carriers);
  }
  return live.carriers;
}

/** The configuration of one live carrier (callbacks use it to check who is calling). */
export function liveCarrierConfig(name: string): CarrierConfig | undefined {
  liveCarriers();
  return live?.configs.find((c) => c.name === name);
}

export type CarrierHealth = {
  name: string;
  kind: string;
  state: "bound" | "connecting" | "down" | "http";
  lastError: string | null;
};

export function carrierHealth(): CarrierHealth[] {
  const carriers = liveCarriers();
  return live!.configs.map((c) => {
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

function build(config: CarrierConfig): SmsCarrier {
  switch (config.kind) {
    case "smpp":
      return smppCarrier(config.name, config.smpp, handlers, (line) => console.log(line));
    case "twilio":
      return twilioCarrier(config.twilio, config.name);
    case "africastalking":
      return africasTalkingCarrier(config.name, config.africasTalking);
  }
}

async function closeCarriers(carriers: Map<string, SmsCarrier>) {
  await Promise.all([...carriers.values()].map((c) => (c as Partial<SmppCarrier>).close?.()));
}
