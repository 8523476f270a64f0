// Meta's Graph API for WhatsApp's Cloud API (docs/research/whatsapp.md): calls with the number's system-user token,
// and Meta's error envelope read into an error Kasa can act on. The base URL (with its version) is the deployment's
// WHATSAPP_GRAPH_URL, so a local stand-in speaks for Meta in tests.
import { createHmac } from "node:crypto";
import { config } from "../../config/config";

/** Meta answered with its error envelope: `code` says what (190 a token, 100 an id, 131047 the 24-hour window...). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly details: string | null,
    readonly fbtraceId: string | null,
  ) {
    super(message);
  }
}

/** No answer from Meta (reset, or past WHATSAPP_TIMEOUT_MS): it may or may not have acted. */
export class GraphUnavailable extends Error {}

/** Meta was never reached (no address, connection refused, a certificate refused): it cannot have acted. */
export class GraphUnreachable extends GraphUnavailable {}

// Errors of the connection's set-up: the request never left this machine.
const BEFORE_SENDING =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|UND_ERR_CONNECT_TIMEOUT|CERT_|ERR_TLS_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE)/;

export type GraphPhoneNumber = {
  id: string;
  display_phone_number: string;
  verified_name?: string;
  quality_rating?: string;
};

/**
 * GET /{phone-number-id}: the number as Meta knows it, which proves the token may use it; with `appsecret_proof`
 * (the token's HMAC-SHA256 under the app secret), which proves the app secret is the token's app's.
 */
export function getPhoneNumber(
  phoneNumberId: string,
  accessToken: string,
  appSecret: string,
): Promise<GraphPhoneNumber> {
  const proof = createHmac("sha256", appSecret).update(accessToken).digest("hex");
  return graphCall(`/${encodeURIComponent(phoneNumberId)}?appsecret_proof=${proof}`, accessToken);
}

export type GraphTemplate = {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components?: { type: string; text?: string }[];
};

/**
 * GET /{waba-id}/message_templates, one page (`after`: the cursor of the last). The next page is asked by its cursor
 * from Kasa's own base URL, not by `paging.next`: that is an address Meta wrote, and the token goes wherever it says.
 */
export function listTemplatesPage(
  wabaId: string,
  accessToken: string,
  after?: string,
): Promise<{ data: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } }> {
  const query = new URLSearchParams({ limit: "100", fields: "id,name,language,status,category,components" });
  if (after) query.set("after", after);
  return graphCall(`/${encodeURIComponent(wabaId)}/message_templates?${query}`, accessToken);
}

/** What Kasa asks Meta to send: a template, a text, or an image or document by its https link. */
export type GraphOutboundMessage =
  | {
      type: "template";
      template: { name: string; language: { code: string }; components?: Record<string, unknown>[] };
    }
  | { type: "text"; text: { body: string; preview_url: boolean } }
  | { type: "image"; image: { link: string; caption?: string } }
  | { type: "document"; document: { link: string; caption?: string; filename?: string } };

/**
 * POST /{phone-number-id}/messages. `callbackData` (biz_opaque_callback_data) comes back on every status Meta posts
 * for the message: Kasa's transaction id there lets a status settle a send whose answer was lost.
 */
export async function sendMessage(
  phoneNumberId: string,
  accessToken: string,
  to: string,
  message: GraphOutboundMessage,
  callbackData: string,
  signal?: AbortSignal,
): Promise<{ wamid: string; waId: string | null }> {
  const answer = await graphCall<{ messages?: { id?: string }[]; contacts?: { wa_id?: string }[] }>(
    `/${encodeURIComponent(phoneNumberId)}/messages`,
    accessToken,
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to,
        ...message,
        biz_opaque_callback_data: callbackData,
      }),
      signal,
    },
  );
  const wamid = answer.messages?.[0]?.id;
  // A 200 without the message's id is no acceptance Kasa can follow: treated as no answer (it may have sent).
  if (typeof wamid !== "string" || !wamid) throw new GraphUnavailable("Meta answered 200 without a message id");
  return { wamid, waId: answer.contacts?.[0]?.wa_id ?? null };
}

/**
 * A person's media (docs/research/whatsapp.md, section 5): GET /{media-id} gives a short-lived URL, which answers the
 * file only with the same token. That URL is Meta's to choose, and the token goes with it, so it is fetched only
 * from Meta's own hosts (or the Graph API's, for a local stand-in).
 */
export async function downloadMedia(mediaId: string, accessToken: string): Promise<Response> {
  const media = await graphCall<{ url?: string; mime_type?: string }>(`/${encodeURIComponent(mediaId)}`, accessToken);
  const url = typeof media.url === "string" ? new URL(media.url) : null;
  const graph = new URL(config().WHATSAPP_GRAPH_URL);
  const metaHost = url?.protocol === "https:" && /(^|\.)(fbsbx|facebook|whatsapp)\.(com|net)$/.test(url.hostname);
  if (!url || !(metaHost || url.origin === graph.origin))
    throw new GraphUnavailable("Meta answered a media URL Kasa does not fetch with the number's token");
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}` },
      redirect: "error",
      signal: AbortSignal.timeout(config().WHATSAPP_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GraphUnavailable(`Meta's media host did not answer: ${(error as Error).message}`);
  }
  if (!response.ok) throw new GraphUnavailable(`Meta's media host answered ${response.status}`);
  return response;
}

async function graphCall<T>(path: string, accessToken: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${config().WHATSAPP_GRAPH_URL}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${accessToken}`, accept: "application/json" },
      redirect: "error",
      signal: init.signal
        ? AbortSignal.any([init.signal, AbortSignal.timeout(config().WHATSAPP_TIMEOUT_MS)])
        : AbortSignal.timeout(config().WHATSAPP_TIMEOUT_MS),
    });
  } catch (error) {
    const code = String((error as { cause?: { code?: unknown } }).cause?.code ?? "");
    if (BEFORE_SENDING.test(code)) throw new GraphUnreachable(`Meta's Graph API could not be reached (${code})`);
    throw new GraphUnavailable(`Meta's Graph API did not answer: ${(error as Error).message}`);
  }
  const body = (await response.json().catch(() => null)) as
    | (T & { error?: undefined })
    | { error?: { message?: string; code?: number; fbtrace_id?: string; error_data?: { details?: string } } }
    | null;
  if (response.ok && body && !body.error) return body as T;
  const error = body?.error;
  // A body that is not Meta's envelope (a proxy's page, a 502) is no answer from Meta.
  if (!error || typeof error.code !== "number")
    throw new GraphUnavailable(`Meta's Graph API answered ${response.status} without its error envelope`);
  throw new GraphError(
    response.status,
    error.code,
    error.message ?? `Graph error ${error.code}`,
    error.error_data?.details ?? null,
    error.fbtrace_id ?? null,
  );
}
