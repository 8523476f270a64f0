// Meta's webhook for one connected WhatsApp number (issue #42, point 4; docs/research/whatsapp.md, section 4), at
// /api/whatsapp/{number id}: the GET handshake Meta makes when the Callback URL is set (hub.verify_token checked
// against the number's, hub.challenge answered as text), and the POSTs of statuses and messages, refused 401 unless
// X-Hub-Signature-256 is the HMAC-SHA256 of the exact body under the number's app secret, and kept before Meta is
// answered 200 (Meta retries what is not answered 200).
import { createHmac, timingSafeEqual } from "node:crypto";
import { db, sql } from "../../db/client";
import { unseal } from "../../lib/seal";
import { hashOneTimeToken } from "../../modules/users/tokens/one-time-token";
import { readBody } from "../read-body";
import { logger } from "../../lib/logger";
import { accountNumbers, applyWhatsappPayload } from "../../modules/whatsapp/apply-whatsapp-payload";

/** Meta batches up to 1,000 changes in one post. */
const MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;

export async function whatsappWebhookHandshake(request: Request, numberId: string): Promise<Response> {
  const query = new URL(request.url, "http://local").searchParams;
  const number = await db().whatsappNumber.findFirst({
    where: { id: numberId, sandbox: false },
    select: { verifyTokenHash: true },
  });
  const token = query.get("hub.verify_token") ?? "";
  const challenge = query.get("hub.challenge");
  if (
    !number ||
    query.get("hub.mode") !== "subscribe" ||
    challenge === null ||
    !sameHash(token, number.verifyTokenHash ?? "")
  )
    return new Response(null, { status: 403 });
  return new Response(challenge, { status: 200, headers: { "content-type": "text/plain" } });
}

export async function receiveWhatsappWebhook(request: Request, numberId: string): Promise<Response> {
  // The number and its account's others in one read: a post to one number's URL may carry any of theirs.
  const numbers = await accountNumbers(sql(), numberId);
  const number = numbers.find((n) => n.id === numberId && !n.sandbox);
  // The sandbox has no webhook: its "Meta" is Kasa itself.
  if (!number?.appSecret || !number.wabaId) return new Response(null, { status: 404 });
  let body: string;
  try {
    body = await readBody(request, MAX_PAYLOAD_BYTES);
  } catch {
    return new Response(null, { status: 413 });
  }
  if (!signedByMeta(body, request.headers.get("x-hub-signature-256"), unseal(number.appSecret)))
    return new Response(null, { status: 401 });
  // One Meta app's callback carries all its numbers' changes: the entries of every business account of this account's
  // numbers are kept (each change goes to its number when applied); another's are not this account's to read.
  const wabas = new Set(numbers.filter((n) => !n.sandbox && n.wabaId).map((n) => n.wabaId!));
  const entries = ownEntries(body, wabas);
  if (!entries) return new Response(null, { status: 400 });
  if (!entries.length) return new Response(null, { status: 200 });
  const payload = { object: "whatsapp_business_account", entry: entries };
  const { rows } = await sql().query<{ id: string }>(
    `INSERT INTO whatsapp_webhook_payloads (number_id, body) VALUES ($1, $2::jsonb) RETURNING id`,
    [number.id, JSON.stringify(payload)],
  );
  // Kept: Meta may be answered whatever happens next. Applied now, or by the worker's next pass if this fails.
  await applyWhatsappPayload(rows[0]!.id, { body: payload, numberId: number.id, numbers }).catch((error: Error) =>
    logger().warn({ err: error.message, payload: rows[0]!.id }, "whatsapp: payload left to the worker"),
  );
  return new Response(null, { status: 200 });
}

/** The post's entries of these WhatsApp Business Accounts, or null when it is not Meta's shape (a JSON object). */
function ownEntries(body: string, wabaIds: Set<string>): object[] | null {
  // PostgreSQL's jsonb holds no NUL character: a post with one is no post of Meta's.
  if (body.includes("\\u0000")) return null;
  let payload: { object?: unknown; entry?: unknown };
  try {
    payload = JSON.parse(body);
  } catch {
    return null;
  }
  if (!payload || typeof payload !== "object" || !Array.isArray(payload.entry)) return null;
  return payload.entry.filter(
    (e): e is object => !!e && typeof e === "object" && wabaIds.has(String((e as { id?: unknown }).id)),
  );
}

function signedByMeta(body: string, header: string | null, appSecret: string): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header ?? "")?.[1];
  if (!given) return false;
  const expected = createHmac("sha256", appSecret).update(body, "utf8").digest();
  return timingSafeEqual(expected, Buffer.from(given, "hex"));
}

function sameHash(token: string, storedHash: string): boolean {
  const given = Buffer.from(hashOneTimeToken(token), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}
