// One hop's callback to the customer's app, as Africa's Talking's apps expect it (docs/research/ussd.md, 2.1): a
// form POST of sessionId, serviceCode, phoneNumber, networkCode and text, answered in text/plain. Beyond Africa's
// Talking, it is signed as Kasa's webhooks are (SPEC 6.4 and Standard Webhooks, with the code's own secret), so the
// app can check that Kasa sent it, and it has the code's timeout_ms, not the webhooks' 10 s: the network waits for
// the screen.
import { postWebhook } from "../webhooks/post-webhook";
import { signatureHeaders } from "../webhooks/sign-webhook";
import { parseAppAnswer, type AppAnswer } from "./parse-app-answer";

/** An answer longer than this is not a screen, nor pages of one: it is cut, and shown as far as it goes. */
const KEEP_BYTES = 16 * 1024;

export type AppCall = {
  url: string;
  secret: string;
  timeoutMs: number;
  /** This hop's id (the session and its hop), sent as webhook-id: a retry of the same hop would keep it. */
  hopId: string;
  fields: { sessionId: string; serviceCode: string; phoneNumber: string; networkCode: string; text: string };
  /** A trust store for the app's certificate (tests' local apps). */
  ca?: string | Buffer;
};

export type AppResult = { answer: AppAnswer; status: number | null; ms: number };

export async function callUssdApp(call: AppCall): Promise<AppResult> {
  const body = new URLSearchParams(call.fields).toString();
  const headers = {
    ...signatureHeaders({ id: call.hopId, body, secret: call.secret, timestamp: Math.floor(Date.now() / 1000) }),
    "Content-Type": "application/x-www-form-urlencoded",
    Accept: "text/plain",
  };
  const result = await postWebhook({
    url: call.url,
    body,
    headers,
    options: { ca: call.ca, timeoutMs: call.timeoutMs, keepBytes: KEEP_BYTES },
  });
  const answer: AppAnswer =
    result.error !== null
      ? {
          kind: "error",
          reason: result.error.startsWith("no complete answer") ? "app_timeout" : "app_unreachable",
          detail: result.error,
        }
      : parseAppAnswer(result.statusCode ?? 0, result.excerpt ?? "");
  return { answer, status: result.statusCode, ms: result.latencyMs };
}
