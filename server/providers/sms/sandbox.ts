import { randomToken } from "../../lib/ids";
import {
  CarrierRejected,
  CarrierUnavailable,
  type CarrierAcceptance,
  type OutboundSms,
  type SmsCarrier,
} from "./carrier";

/**
 * Test keys' carrier: nothing leaves the process. Magic recipients let a
 * developer walk every branch (README, "Sandbox"); every other valid number
 * is accepted and reported delivered a moment later.
 */
export const SANDBOX_NUMBERS = {
  delivered: "+233200000001",
  rejected: "+233200000002",
  carrierDown: "+233200000003",
  timeout: "+233200000004",
  undelivered: "+233200000005",
} as const;

export const SANDBOX_RECEIPT_DELAY_MS = 2_000;

export const sandboxCarrier: SmsCarrier = {
  name: "sandbox",
  async send(message: OutboundSms): Promise<CarrierAcceptance> {
    switch (message.to) {
      case SANDBOX_NUMBERS.rejected:
        throw new CarrierRejected("sandbox", "Recipient has opted out of messages from this sender", "opted_out");
      case SANDBOX_NUMBERS.carrierDown:
        throw new CarrierUnavailable("sandbox", "Carrier is failing (simulated)");
      case SANDBOX_NUMBERS.timeout:
        throw new CarrierUnavailable("sandbox", "Carrier did not answer in time (simulated timeout)");
    }
    return {
      provider: "sandbox",
      messageId: `sbx_${randomToken(24)}`,
      simulatedReceipt: { delivered: message.to !== SANDBOX_NUMBERS.undelivered, afterMs: SANDBOX_RECEIPT_DELAY_MS },
    };
  },
};
