// The deployment's live carriers, wired to this module: a receipt or a reply
// that arrives on a carrier's own link (an SMPP deliver_sm) is parsed by the
// provider and handed here, where it is stored.
import { carrierHealth, liveCarriers, type CarrierHandlers, type SmsCarrier } from "../../providers/sms";
import { applyCarrierReceipt } from "./apply-carrier-receipt";
import { receiveInboundSms } from "./receive-inbound-sms";

const REPORTS: CarrierHandlers = { onReceipt: applyCarrierReceipt, onInbound: receiveInboundSms };

export function liveSmsCarriers(): Map<string, SmsCarrier> {
  return liveCarriers(REPORTS);
}

export function smsCarrierHealth() {
  return carrierHealth(REPORTS);
}
