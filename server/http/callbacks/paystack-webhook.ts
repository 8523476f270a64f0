import { readBody } from "../read-body";
import { paystackConfigFromEnv, paystackSignatureValid, verifyPaystack } from "../../providers/payments";
import { confirmPayment } from "../../modules/payments/confirm-payment";
import { failPayment } from "../../modules/payments/fail-payment";

const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * Paystack's webhook (POST /api/payments/paystack/webhook). A bad or missing
 * signature is 401 and nothing else happens. charge.success is checked again
 * with Paystack's verify endpoint before any money moves, then credited once
 * per reference however many times it is delivered; everything else that is
 * signed is acknowledged with 200 so Paystack stops retrying.
 */
export async function handlePaystackWebhook(request: Request): Promise<Response> {
  const config = paystackConfigFromEnv();
  if (!config) return new Response(null, { status: 404 });
  let raw: string;
  try {
    raw = await readBody(request, MAX_WEBHOOK_BYTES);
  } catch {
    return new Response(null, { status: 413 });
  }
  if (!paystackSignatureValid(config, raw, request.headers.get("x-paystack-signature")))
    return new Response(null, { status: 401 });
  const event = JSON.parse(raw) as { event?: string; data?: { reference?: string; status?: string } };
  const reference = event.data?.reference;
  if (event.event === "charge.success" && reference) {
    const verified = await verifyPaystack(config, reference).catch(() => null);
    // Not confirmed by Paystack itself (yet): answer 500 so Paystack delivers the event again later.
    if (!verified) return new Response(null, { status: 500 });
    if (verified.status === "success") {
      await confirmPayment({
        provider: "paystack",
        reference,
        paidMicros: BigInt(verified.amount) * 10_000n,
        currency: verified.currency,
        payload: event as object,
      });
    } else if (verified.status === "failed" || verified.status === "abandoned") {
      await failPayment({ provider: "paystack", reference });
    }
  }
  return new Response(null, { status: 200 });
}
