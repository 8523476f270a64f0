// A USSD app's side of Kasa's callback: each hop is a form POST (Africa's Talking's fields), signed as Kasa's
// webhooks are with the code's signing_secret. verifyUssdCallback checks the signature over the raw body and gives
// the fields, and the inputs so far as a list; the app answers text/plain "CON <screen>" or "END <screen>".
import { KasaWebhookError, verifySignedBody, type VerifyWebhookOptions, type WebhookHeaders } from "./webhooks.js";

export type UssdCallback = {
  sessionId: string;
  serviceCode: string;
  /** E.164 */
  phoneNumber: string;
  /** MCC and MNC, e.g. "62001"; empty when the network is not known */
  networkCode: string;
  /** Every input of the session so far joined by "*"; empty on the dial */
  text: string;
  /** The same inputs as a list ([] on the dial) */
  inputs: string[];
};

/** Throws KasaWebhookError (answer 401, do not act) when the signature does not hold. */
export async function verifyUssdCallback(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: Omit<VerifyWebhookOptions, "scheme"> = {},
): Promise<UssdCallback> {
  // Standard Webhooks only: its timestamp refuses a hop captured and sent again later, which X-Service-Signature
  // alone would let through (drop a repeated webhook-id too: it names the session and its hop).
  const body = new TextDecoder().decode(
    await verifySignedBody(rawBody, headers, secret, { ...options, scheme: "standard-webhooks" }),
  );
  const form = new URLSearchParams(body);
  const field = (name: string) => {
    const value = form.get(name);
    if (value === null) throw new KasaWebhookError("invalid_payload", `The callback has no ${name}`);
    return value;
  };
  const text = field("text");
  return {
    sessionId: field("sessionId"),
    serviceCode: field("serviceCode"),
    phoneNumber: field("phoneNumber"),
    networkCode: field("networkCode"),
    text,
    inputs: text === "" ? [] : text.split("*"),
  };
}

/** The answer's body: a screen that waits for an input, or the last one. */
export const ussdAnswer = {
  continue: (screen: string) => `CON ${screen}`,
  end: (screen: string) => `END ${screen}`,
};
