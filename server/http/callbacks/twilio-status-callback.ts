// Twilio's StatusCallback: form-encoded MessageSid, MessageStatus and
// ErrorCode, signed with X-Twilio-Signature. Final states become receipts;
// intermediate ones (queued, sending, sent) are acknowledged and ignored.
import { publicUrl } from "../../config/public-url";
import { readBody } from "../read-body";
import { applyCarrierReceipt } from "../../modules/sms/apply-carrier-receipt";
import { liveCarrierConfig, TWILIO_STATUS_PATH, twilioReason, twilioSignatureValid } from "../../providers/sms";

export { TWILIO_STATUS_PATH };
const MAX_CALLBACK_BYTES = 64 * 1024;

export async function handleTwilioStatusCallback(request: Request): Promise<Response> {
  const { search, searchParams: query } = new URL(request.url, "http://local");
  const name = query.get("carrier") ?? "twilio";
  const carrier = liveCarrierConfig(name);
  if (carrier?.kind !== "twilio") return new Response(null, { status: 404 });
  const config = carrier.twilio;
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(new URLSearchParams(await readBody(request, MAX_CALLBACK_BYTES)));
  } catch {
    return new Response(null, { status: 413 });
  }
  // Twilio signs the URL it was given, which is the one we sent as StatusCallback (with our transaction id in it).
  if (
    !twilioSignatureValid(
      config.authToken,
      `${publicUrl()}${TWILIO_STATUS_PATH}${search}`,
      params,
      request.headers.get("x-twilio-signature"),
    )
  ) {
    return new Response(null, { status: 403 });
  }
  const status = params.MessageStatus ?? params.SmsStatus;
  if (params.MessageSid && (status === "delivered" || status === "undelivered" || status === "failed")) {
    // Answered 2xx only once stored: an error here is a 500, and Twilio's delivery of this callback fails visibly.
    await applyCarrierReceipt({
      provider: name,
      messageId: params.MessageSid,
      transactionId: query.get("tx"),
      outcome: status === "delivered" ? "delivered" : "failed",
      errorCode: params.ErrorCode ? `twilio_${params.ErrorCode}` : status,
      reason: status === "delivered" ? null : twilioReason(params.ErrorCode),
      detail: params.ErrorCode ? `Carrier error ${params.ErrorCode}` : null,
    });
  }
  return new Response(null, { status: 204 });
}
