// A carrier that speaks Twilio's Messages API (2010-04-01), the HTTP SMS API
// most aggregators copy: POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json,
// form-encoded To, From, Body (and StatusCallback), HTTP Basic auth with the
// account SID and auth token; 201 with the Message resource (sid, status) on
// acceptance; errors as {code, message, more_info, status}.
import {
  CarrierAmbiguous,
  CarrierRejected,
  CarrierUnavailable,
  type CarrierAcceptance,
  type OutboundSms,
  type SmsCarrier,
} from "./carrier";
import type { TwilioConfig } from "../../config/sms-carriers";
import { requestUpstream, UpstreamNoAnswer, type UpstreamResponse } from "../upstream-http";
import { twilioReason } from "./failure-reasons";

/** Where Twilio posts delivery receipts (app/api/carriers/twilio/status). */
export const TWILIO_STATUS_PATH = "/api/carriers/twilio/status";

// Twilio error codes that are about this message, not about Twilio being unwell:
// invalid To (21211), unsubscribed recipient (21610), unreachable (21612), not a
// mobile number (21614), region not enabled (21408), invalid From (21606, 21212),
// blocked/filtered (30007, 21611), landline (30006).
const MESSAGE_REJECTIONS = new Set([21211, 21212, 21408, 21606, 21610, 21611, 21612, 21614, 30006, 30007]);

export function twilioCarrier(config: TwilioConfig, name = "twilio"): SmsCarrier {
  const url = `${config.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    name,
    // The carrier's name tells the callback whose auth token checks the signature.
    statusCallbackPath: `${TWILIO_STATUS_PATH}?carrier=${encodeURIComponent(name)}`,
    async send(message: OutboundSms): Promise<CarrierAcceptance> {
      const form = new URLSearchParams({ To: message.to, From: message.from, Body: message.body });
      if (message.statusCallbackUrl) form.set("StatusCallback", message.statusCallbackUrl);
      let response: UpstreamResponse;
      try {
        response = await requestUpstream("POST", url, {
          form,
          headers: { authorization },
          timeoutMs: config.timeoutMs ?? 10_000,
        });
      } catch (error) {
        // Posted, no answer: Twilio may have the message (its status callback, which names our transaction, will say).
        if (error instanceof UpstreamNoAnswer)
          throw new CarrierAmbiguous(name, `Carrier did not answer after the message was posted: ${error.message}`);
        throw new CarrierUnavailable(name, `Carrier unreachable: ${(error as Error).message}`);
      }
      const payload = (response.body ?? {}) as { sid?: string; status?: string; code?: number; message?: string };
      if (response.status === 201 || response.status === 200) {
        if (!payload.sid) throw new CarrierUnavailable(name, "Carrier accepted without a message sid");
        if (payload.status === "failed" || payload.status === "undelivered")
          throw new CarrierRejected(name, "Carrier refused the message");
        return { provider: name, messageId: payload.sid };
      }
      if (
        response.status >= 400 &&
        response.status < 500 &&
        payload.code !== undefined &&
        MESSAGE_REJECTIONS.has(payload.code)
      ) {
        throw new CarrierRejected(
          name,
          payload.message ?? `Carrier rejected the message (${payload.code})`,
          String(payload.code),
          twilioReason(String(payload.code)),
        );
      }
      // 401/403 (our credentials), 429 (throttled), 5xx and anything unexpected: the carrier is not usable now.
      throw new CarrierUnavailable(
        name,
        `Carrier answered ${response.status}${payload.message ? `: ${payload.message}` : ""}`,
      );
    },
  };
}
