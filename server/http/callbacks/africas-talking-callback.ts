// Africa's Talking's callbacks: delivery reports (id, status, phoneNumber,
// networkCode, failureReason, retryCount) and incoming messages (from, to,
// text, id, linkId, date), both form-encoded POSTs. They are not signed, so the
// URLs registered with Africa's Talking carry the carrier's name and a secret
// token from its configuration (?carrier=at&token=...), compared in constant time.
import { timingSafeEqual } from "node:crypto";
import { readBody } from "../read-body";
import { applyCarrierReceipt } from "../../modules/sms/apply-carrier-receipt";
import { receiveInboundSms } from "../../modules/sms/receive-inbound-sms";
import { africasTalkingReason, liveCarrierConfig } from "../../providers/sms";

const MAX_CALLBACK_BYTES = 64 * 1024;
const FINAL: Record<string, "delivered" | "failed"> = { Success: "delivered", Failed: "failed", Rejected: "failed" };

export async function handleAfricasTalkingDelivery(request: Request): Promise<Response> {
  const checked = await authenticated(request);
  if (checked instanceof Response) return checked;
  const { name, params } = checked;
  const outcome = FINAL[params.status ?? ""];
  // Sent, Submitted and Buffered are on the way: acknowledged, nothing to record yet.
  if (params.id && outcome) {
    await applyCarrierReceipt({
      provider: name,
      messageId: params.id,
      outcome,
      errorCode: outcome === "failed" ? `at_${params.failureReason ?? params.status}` : null,
      reason: outcome === "failed" ? africasTalkingReason(params.failureReason) : null,
      detail:
        outcome === "failed"
          ? `Carrier report: ${params.status}${params.failureReason ? ` (${params.failureReason})` : ""}`
          : null,
    });
  }
  return new Response(null, { status: 200 });
}

export async function handleAfricasTalkingInbound(request: Request): Promise<Response> {
  const checked = await authenticated(request);
  if (checked instanceof Response) return checked;
  const { name, params } = checked;
  if (params.from && params.text !== undefined)
    await receiveInboundSms({ provider: name, from: params.from, to: params.to ?? "", body: params.text });
  return new Response(null, { status: 200 });
}

async function authenticated(request: Request): Promise<Response | { name: string; params: Record<string, string> }> {
  const query = new URL(request.url, "http://local").searchParams;
  const name = query.get("carrier") ?? "";
  const config = liveCarrierConfig(name);
  if (config?.kind !== "africastalking" || !config.africasTalking.callbackToken)
    return new Response(null, { status: 404 });
  const given = Buffer.from(query.get("token") ?? "");
  const expected = Buffer.from(config.africasTalking.callbackToken);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return new Response(null, { status: 403 });
  try {
    return { name, params: Object.fromEntries(new URLSearchParams(await readBody(request, MAX_CALLBACK_BYTES))) };
  } catch {
    return new Response(null, { status: 413 });
  }
}
