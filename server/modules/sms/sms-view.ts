import type { SmsMessage } from "../../db/generated/client";
import { redactInternal } from "../../lib/redact-internal";
import { toAmountNumber } from "../../lib/money";
import type { Encoding } from "../../lib/sms-segments";
import { explainFailure } from "../insights/failure-catalogue";

/** The public face of an SMS transaction, shared by the send result, the status lookup and events. */
export function smsView({
  sms,
  countryName,
  dialingCode,
}: {
  sms: SmsMessage;
  countryName?: string;
  dialingCode?: string;
}) {
  return {
    transaction_id: sms.id,
    message_id: sms.providerMessageId,
    status: sms.status,
    to: sms.toNumber,
    from: sms.sender,
    message_length: sms.characters,
    segments: sms.segments,
    // Stored as text; written only from countSegments, so one of its two encodings.
    encoding: sms.encoding as Encoding,
    country: { code: dialingCode ?? null, name: countryName ?? null, iso: sms.countryIso },
    region: sms.region,
    route: sms.route,
    provider: sms.provider,
    price: { amount: toAmountNumber(sms.priceMicros), currency: sms.currency },
    reference: sms.reference,
    created_at: sms.createdAt.toISOString(),
    scheduled_at: sms.scheduledAt?.toISOString() ?? null,
  };
}

export function smsEventData(sms: SmsMessage) {
  return {
    transaction_id: sms.id,
    type: "sms",
    status: sms.status,
    to: sms.toNumber,
    from: sms.sender,
    message_id: sms.providerMessageId,
    segments: sms.segments,
    cost: toAmountNumber(sms.priceMicros),
    currency: sms.currency,
    reference: sms.reference,
    ...(sms.scheduledAt ? { scheduled_at: sms.scheduledAt.toISOString() } : {}),
    ...(sms.broadcastId ? { broadcast_id: sms.broadcastId } : {}),
    error: smsErrorView(sms),
    timestamp: sms.updatedAt.toISOString(),
  };
}

/** Why an SMS failed, as customers see it (in events and status lookups): our own addresses taken out. */
export function smsErrorView(sms: Pick<SmsMessage, "errorCode" | "errorMessage" | "failureReason">) {
  return sms.errorCode
    ? {
        code: sms.errorCode,
        message: redactInternal(sms.errorMessage),
        reason: sms.failureReason,
        explanation: explainFailure(sms.failureReason ?? sms.errorCode),
      }
    : null;
}
