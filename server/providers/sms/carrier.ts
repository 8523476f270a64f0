// What every SMS carrier adapter speaks (sandbox, Twilio-compatible HTTP,
// SMPP and Africa's Talking). Adapters never touch the database: receipts and
// inbound messages go to the handlers they are given.
import type { FailureReason } from "./failure-reasons";

export type OutboundSms = {
  transactionId: string;
  to: string;
  from: string;
  body: string;
  segments: number;
  statusCallbackUrl?: string;
  /** Aborted when the request may no longer send: a message still waiting for its turn is then not sent. */
  signal?: AbortSignal;
};
/** partIds: the carrier's id of every part it accepted, in order (receipts come per part); messageId is the first. */
export type CarrierAcceptance = {
  provider: string;
  messageId: string;
  partIds?: string[];
  simulatedReceipt?: { delivered: boolean; afterMs: number };
};

export type CarrierReceiptReport = {
  provider: string;
  messageId: string;
  /** Our transaction id, when the carrier echoes it (Twilio's callback URL carries it): matches a message whose carrier id was never stored. */
  transactionId?: string | null;
  outcome: "delivered" | "failed";
  errorCode?: string | null;
  reason?: FailureReason | null;
  detail?: string | null;
};
export type InboundSmsReport = { provider: string; from: string; to: string; body: string };

/**
 * A USSD hop a carrier's link brought (docs/decisions.md, "USSD"): a dial, an answer to the screen shown, or the
 * dialogue's end by the subscriber or the network. `sessionKey` is the carrier's own key for the dialogue (its
 * session id when it sends one, else the subscriber's number on this link). `reply` sends a screen back on the same
 * link: one that waits for an answer, or the last (false when the link could not take it).
 */
export type UssdCarrierHop = {
  provider: string;
  kind: "dial" | "answer" | "user_abort" | "network_abort";
  /** E.164 */
  from: string;
  /** What the subscriber sent: the dialled code on a dial, the answer otherwise. */
  text: string;
  sessionKey: string;
  reply(screen: string, continues: boolean): Promise<boolean>;
};
export type CarrierHandlers = {
  onReceipt(receipt: CarrierReceiptReport): Promise<unknown>;
  onInbound(message: InboundSmsReport): Promise<unknown>;
  /** Resolves once the hop is stored (the link then acknowledges it); its screen goes out through `reply` later. */
  onUssd?(hop: UssdCarrierHop): Promise<unknown>;
};

export interface SmsCarrier {
  readonly name: string;
  /** Where the carrier posts delivery receipts, if it does (a path on our public URL). */
  readonly statusCallbackPath?: string;
  send(message: OutboundSms): Promise<CarrierAcceptance>;
}

/** The carrier refused this message (opted-out or blocked recipient, bad sender): retrying unchanged fails again. */
export class CarrierRejected extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly carrierCode?: string,
    readonly reason?: FailureReason,
  ) {
    super(message);
  }
}

/**
 * The carrier could not be reached, timed out, throttled us or failed:
 * another carrier or a retry may work. retryElsewhere is false when part of
 * the message already left through this carrier (trying another would send
 * those parts twice).
 */
export class CarrierUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
    readonly retryElsewhere = true,
  ) {
    super(message);
  }
}

/**
 * The message was handed over (written to the link, posted) and no answer
 * came: the carrier may have it. Never try another carrier (that could send it
 * twice) and never refund it as failed: the send's outcome is unknown.
 */
export class CarrierAmbiguous extends Error {
  constructor(
    readonly provider: string,
    message: string,
    /** The carrier's ids of the parts it did confirm before the answer was lost. */
    readonly confirmedPartIds: string[] = [],
  ) {
    super(message);
  }
}
