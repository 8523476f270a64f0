// Paystack (card and mobile money in Ghana, Nigeria, Kenya, South Africa):
// POST {base}/transaction/initialize {email, amount (in the subunit), currency,
// reference, callback_url, metadata} with the secret key as Bearer -> the
// checkout's authorization_url; GET {base}/transaction/verify/{reference};
// webhooks carry x-paystack-signature, the hex HMAC-SHA512 of the raw body
// keyed with the secret key.
import { createHmac, timingSafeEqual } from "node:crypto";
import { requestUpstream } from "../upstream-http";
import { config } from "../../config/config";

export type PaystackConfig = { baseUrl: string; secretKey: string; timeoutMs: number };
export type PaystackTransaction = {
  status: string;
  reference: string;
  amount: number;
  currency: string;
  paid_at?: string | null;
};

export function paystackConfigFromEnv(): PaystackConfig | null {
  const { PAYSTACK_SECRET_KEY, PAYSTACK_API_URL } = config();
  if (!PAYSTACK_SECRET_KEY) return null;
  return { baseUrl: PAYSTACK_API_URL, secretKey: PAYSTACK_SECRET_KEY, timeoutMs: 15_000 };
}

export async function initializePaystack(
  config: PaystackConfig,
  order: {
    email: string;
    amountSubunits: number;
    currency: string;
    reference: string;
    callbackUrl: string;
    metadata: object;
  },
) {
  const res = await requestUpstream("POST", `${config.baseUrl}/transaction/initialize`, {
    headers: { authorization: `Bearer ${config.secretKey}` },
    timeoutMs: config.timeoutMs,
    body: {
      email: order.email,
      amount: order.amountSubunits,
      currency: order.currency,
      reference: order.reference,
      callback_url: order.callbackUrl,
      metadata: order.metadata,
    },
  });
  const body = res.body as { status?: boolean; message?: string; data?: { authorization_url?: string } } | null;
  if (res.status !== 200 || !body?.status || !body.data?.authorization_url)
    throw new Error(`Paystack refused to start the payment: ${body?.message ?? res.status}`);
  return { checkoutUrl: body.data.authorization_url };
}

export async function verifyPaystack(config: PaystackConfig, reference: string): Promise<PaystackTransaction | null> {
  const res = await requestUpstream("GET", `${config.baseUrl}/transaction/verify/${encodeURIComponent(reference)}`, {
    headers: { authorization: `Bearer ${config.secretKey}` },
    timeoutMs: config.timeoutMs,
  });
  const body = res.body as { status?: boolean; data?: PaystackTransaction } | null;
  return res.status === 200 && body?.status && body.data ? body.data : null;
}

export function paystackSignatureValid(config: PaystackConfig, rawBody: string, signature: string | null): boolean {
  if (!signature) return false;
  const expected = Buffer.from(createHmac("sha512", config.secretKey).update(rawBody, "utf8").digest("hex"));
  const given = Buffer.from(signature.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
