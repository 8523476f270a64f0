// Checking that a webhook delivery came from Kasa, with nothing but Web Crypto
// (Node, Deno, Bun, browsers and edge runtimes). Kasa signs every delivery two
// ways (SPEC 6.4 and Standard Webhooks); either suffices:
// - webhook-id, webhook-timestamp, webhook-signature: "v1,<base64 HMAC-SHA256
//   of id.timestamp.body>", keyed with the base64 part of a whsec_ secret (or
//   the secret's bytes otherwise), several space-separated during a secret
//   rotation; the timestamp must be recent, so a captured delivery cannot be
//   replayed later.
// - X-Service-Signature: "sha256=<hex HMAC-SHA256 of the body>", keyed with
//   the secret's bytes. It has no timestamp: a receiver that wants replay
//   protection pins { scheme: "standard-webhooks" }.
// Signatures are compared by crypto.subtle.verify, which takes constant time.
import type { WebhookEvent } from "./types.js";

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined | null>;

export type VerifyWebhookOptions = {
  /** How far webhook-timestamp may be from now, either way; default 300 (Standard Webhooks' five minutes). */
  toleranceSeconds?: number;
  /** Accept this scheme only. Default: Standard Webhooks when its headers are present, else X-Service-Signature. */
  scheme?: "standard-webhooks" | "x-service-signature";
};

export type WebhookFailure =
  "missing_signature" | "invalid_signature" | "timestamp_too_old" | "timestamp_in_future" | "invalid_payload";

/** The delivery did not verify: answer it with 401 (SPEC 6.4) and do not act on it. */
export class KasaWebhookError extends Error {
  override readonly name = "KasaWebhookError";
  constructor(
    readonly reason: WebhookFailure,
    message: string,
  ) {
    super(message);
  }
}

const encoder = new TextEncoder();

/**
 * The delivery's event, once its signature holds; throws KasaWebhookError otherwise.
 * `rawBody` must be the bytes received: JSON parsed and serialised again does not reproduce the signature.
 * `secret` may list several (the old and the new one, while a rotation is under way).
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const body = await verifySignedBody(rawBody, headers, secret, options);
  try {
    return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
  } catch {
    throw new KasaWebhookError("invalid_payload", "The signed body is not JSON");
  }
}

/** The body's bytes once a signature over them holds (webhooks, USSD callbacks); throws KasaWebhookError otherwise. */
export async function verifySignedBody(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secret: string | readonly string[],
  options: VerifyWebhookOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const body = bytesOf(rawBody);
  const secrets = (typeof secret === "string" ? [secret] : [...secret]).filter((s) => s !== "");
  if (!secrets.length) throw new TypeError("Verifying a signature needs the signing secret");
  const header = headerReader(headers);
  const standard = {
    id: header("webhook-id"),
    timestamp: header("webhook-timestamp"),
    signature: header("webhook-signature"),
  };
  const service = header("x-service-signature");
  const scheme =
    options.scheme ?? (standard.id && standard.timestamp && standard.signature ? "standard-webhooks" : undefined);

  if (scheme === "standard-webhooks") {
    if (!standard.id || !standard.timestamp || !standard.signature)
      throw new KasaWebhookError(
        "missing_signature",
        "webhook-id, webhook-timestamp and webhook-signature are required",
      );
    checkTimestamp(standard.timestamp, options.toleranceSeconds ?? 300);
    const signed = concat(encoder.encode(`${standard.id}.${standard.timestamp}.`), body);
    const given = standard.signature
      .split(" ")
      .filter((entry) => entry.startsWith("v1,"))
      .map((entry) => fromBase64(entry.slice(3)));
    await verifyAny(secrets.map(standardKey), given, signed);
  } else {
    if (!service?.startsWith("sha256="))
      throw new KasaWebhookError("missing_signature", "The delivery carries no signature this function knows");
    await verifyAny(
      secrets.map((s) => encoder.encode(s)),
      [fromHex(service.slice(7))],
      body,
    );
  }
  return body;
}

function checkTimestamp(header: string, toleranceSeconds: number): void {
  const sentAt = /^\d+$/.test(header) ? Number(header) : NaN;
  const now = Math.floor(Date.now() / 1000);
  if (Number.isNaN(sentAt)) throw new KasaWebhookError("invalid_signature", "webhook-timestamp is not Unix seconds");
  if (now - sentAt > toleranceSeconds)
    throw new KasaWebhookError("timestamp_too_old", `webhook-timestamp is more than ${toleranceSeconds} s old`);
  if (sentAt - now > toleranceSeconds)
    throw new KasaWebhookError("timestamp_in_future", `webhook-timestamp is more than ${toleranceSeconds} s ahead`);
}

/** Standard Webhooks keys with the bytes a whsec_ secret encodes in base64; any other secret is its own bytes. */
function standardKey(secret: string): Uint8Array<ArrayBuffer> {
  return (secret.startsWith("whsec_") ? fromBase64(secret.slice(6)) : null) ?? encoder.encode(secret);
}

async function verifyAny(
  keys: Uint8Array<ArrayBuffer>[],
  signatures: (Uint8Array<ArrayBuffer> | null)[],
  data: Uint8Array<ArrayBuffer>,
): Promise<void> {
  for (const raw of keys) {
    const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    for (const signature of signatures)
      if (signature && (await crypto.subtle.verify("HMAC", key, signature, data))) return;
  }
  throw new KasaWebhookError("invalid_signature", "No signature matches the body and the secret");
}

function headerReader(headers: WebhookHeaders): (name: string) => string | undefined {
  if (typeof (headers as Headers).get === "function") {
    return (name) => (headers as Headers).get(name) ?? undefined;
  }
  const lowered = new Map(
    Object.entries(headers as Record<string, unknown>).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return (name) => {
    const value = lowered.get(name);
    // A header repeated by a proxy arrives as a list (Node): its signatures are all candidates.
    if (Array.isArray(value)) return value.join(" ");
    return typeof value === "string" ? value : undefined;
  };
}

function bytesOf(raw: string | Uint8Array | ArrayBuffer): Uint8Array<ArrayBuffer> {
  if (typeof raw === "string") return encoder.encode(raw);
  const view = raw instanceof ArrayBuffer ? new Uint8Array(raw) : raw;
  return concat(view);
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

function fromHex(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(text)) return null;
  return Uint8Array.from(text.match(/../g)!, (pair) => parseInt(pair, 16));
}
