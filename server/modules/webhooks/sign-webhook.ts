import { createHmac } from "node:crypto";

/**
 * The headers that let a receiver check a delivery: SPEC 6.4's
 * X-Service-Signature (sha256=<hex HMAC of the exact body>) and the Standard
 * Webhooks trio (webhook-id, webhook-timestamp, webhook-signature:
 * v1,<base64 HMAC of "id.timestamp.body">, keyed with the base64 part of a
 * whsec_ secret, or the secret's bytes when it has another form).
 */
export function signatureHeaders(input: { id: string; body: string; secret: string; timestamp: number }): Record<string, string> {
  const standardKey = input.secret.startsWith("whsec_") ? Buffer.from(input.secret.slice(6), "base64") : Buffer.from(input.secret, "utf8");
  return {
    "X-Service-Signature": `sha256=${createHmac("sha256", input.secret).update(input.body, "utf8").digest("hex")}`,
    "webhook-id": input.id,
    "webhook-timestamp": String(input.timestamp),
    "webhook-signature": `v1,${createHmac("sha256", standardKey).update(`${input.id}.${input.timestamp}.${input.body}`, "utf8").digest("base64")}`,
  };
}
