// Africa's Talking's SMS API (the reference aggregator for African local
// routes): POST {base}/version1/messaging, form-encoded username, to, message,
// from, bulkSMSMode; the apiKey header; Accept: application/json. 201 with
// SMSMessageData.Recipients[]: statusCode 100 (Processed), 101 (Sent) and 102
// (Queued) mean accepted; the others say why not. Delivery reports come back
// as form posts (id, status, phoneNumber, networkCode, failureReason), see
// server/http/callbacks/africas-talking-callback.ts.
import {
  CarrierAmbiguous,
  CarrierRejected,
  CarrierUnavailable,
  type CarrierAcceptance,
  type OutboundSms,
  type SmsCarrier,
} from "./carrier";
import type { AfricasTalkingConfig } from "../../config/sms-carriers";
import { africasTalkingReason, type FailureReason } from "./failure-reasons";
import { requestUpstream, UpstreamNoAnswer, type UpstreamResponse } from "../upstream-http";

const ACCEPTED = new Set([100, 101, 102]);
// About this message: retrying it elsewhere would fail the same way.
const REJECTED: Record<number, FailureReason> = {
  402: "invalid_sender_id",
  403: "invalid_destination",
  404: "invalid_destination",
  406: "opted_out",
  409: "opted_out",
};

type Recipient = { statusCode?: number; number?: string; status?: string; cost?: string; messageId?: string };

export function africasTalkingCarrier(name: string, config: AfricasTalkingConfig): SmsCarrier {
  const url = `${config.baseUrl}/version1/messaging`;
  return {
    name,
    async send(message: OutboundSms): Promise<CarrierAcceptance> {
      const form = new URLSearchParams({
        username: config.username,
        to: message.to,
        message: message.body,
        bulkSMSMode: "1",
      });
      if (message.from) form.set("from", message.from);
      let response: UpstreamResponse;
      try {
        response = await requestUpstream("POST", url, {
          form,
          headers: { apiKey: config.apiKey },
          timeoutMs: config.timeoutMs ?? 10_000,
        });
      } catch (error) {
        if (error instanceof UpstreamNoAnswer)
          throw new CarrierAmbiguous(name, `Carrier did not answer after the message was posted: ${error.message}`);
        throw new CarrierUnavailable(name, `Carrier unreachable: ${(error as Error).message}`);
      }
      if (response.status !== 201 && response.status !== 200)
        throw new CarrierUnavailable(name, `Carrier answered ${response.status}: ${response.text.slice(0, 200)}`);
      if (!response.body || typeof response.body !== "object")
        throw new CarrierUnavailable(name, "Carrier answered with something other than JSON");
      const data = response.body as { SMSMessageData?: { Message?: string; Recipients?: Recipient[] } };
      const recipient = data.SMSMessageData?.Recipients?.[0];
      const summary = data.SMSMessageData?.Message ?? "";
      if (!recipient) {
        // An invalid sender ID is reported in Message with no recipients at all.
        if (/InvalidSenderId/i.test(summary))
          throw new CarrierRejected(name, "Carrier rejected the sender ID", "at_InvalidSenderId", "invalid_sender_id");
        throw new CarrierUnavailable(name, `Carrier accepted nobody: ${summary || "no recipients"}`);
      }
      const code = Number(recipient.statusCode);
      if (ACCEPTED.has(code) && recipient.messageId && recipient.messageId !== "None")
        return { provider: name, messageId: recipient.messageId };
      if (REJECTED[code])
        throw new CarrierRejected(
          name,
          `Carrier rejected the message: ${recipient.status ?? code}`,
          `at_${code}`,
          REJECTED[code] ?? africasTalkingReason(recipient.status),
        );
      // 401 RiskHold, 405 InsufficientBalance (ours, with them), 407 CouldNotRoute, 5xx: this carrier cannot take it now.
      throw new CarrierUnavailable(name, `Carrier could not take the message: ${recipient.status ?? code} (${code})`);
    },
  };
}
