// What every SMS carrier adapter speaks (sandbox, Twilio-compatible HTTP,
// SMPP and Africa's Talking in issue #6). Adapters never touch the database.
export type OutboundSms = { transactionId: string; to: string; from: string; body: string; segments: number; statusCallbackUrl?: string };
export type CarrierAcceptance = { provider: string; messageId: string; simulatedReceipt?: { delivered: boolean; afterMs: number } };

export interface SmsCarrier {
  readonly name: string;
  /** Where the carrier posts delivery receipts, if it does (a path on our public URL). */
  readonly statusCallbackPath?: string;
  send(message: OutboundSms): Promise<CarrierAcceptance>;
}

/** The carrier refused this message (opted-out or blocked recipient, bad sender): retrying unchanged fails again. */
export class CarrierRejected extends Error {
  constructor(readonly provider: string, message: string, readonly carrierCode?: string) {
    super(message);
  }
}

/** The carrier could not be reached, timed out, throttled us or failed: another carrier or a retry may work. */
export class CarrierUnavailable extends Error {
  constructor(readonly provider: string, message: string) {
    super(message);
  }
}
