// The deployment's live carriers, wired to this module: a receipt, a reply or a
// USSD hop that arrives on a carrier's own link (an SMPP deliver_sm) is parsed
// by the provider and handed here, where it is stored.
import { carrierHealth, liveCarriers, type CarrierHandlers, type SmsCarrier } from "../../providers/sms";
import { applyCarrierReceipt } from "./apply-carrier-receipt";
import { receiveInboundSms } from "./receive-inbound-sms";
import { receiveCarrierUssd } from "../ussd/receive-carrier-ussd";

const REPORTS: CarrierHandlers = {
  onReceipt: applyCarrierReceipt,
  onInbound: receiveInboundSms,
  onUssd: (hop) => receiveCarrierUssd(hop),
};

export function liveSmsCarriers(): Map<string, SmsCarrier> {
  return liveCarriers(REPORTS);
}

export function smsCarrierHealth() {
  return carrierHealth(REPORTS);
}
