import { createHmac, randomBytes } from "node:crypto";

/** A whsec_ secret: 24 random bytes in standard base64, the form Standard Webhooks libraries decode. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

/**
 * The headers that let a receiver check a delivery: SPEC 6.4's
 * X-Service-Signature (sha256=<hex HMAC of the exact body>) and the Standard
 * Webhooks trio (webhook-id, webhook-timestamp, webhook-signature:
 * v1,<base64 HMAC of "id.timestamp.body">, keyed with the base64 part of a
 * whsec_ secret, or the secret's bytes when it has another form).
 * During a rotation's grace period webhook-signature also carries a signature
 * with the previous secret (the scheme allows several, space-separated), so a
 * receiver can switch secrets without dropping events; X-Service-Signature
 * has room for one and uses the new secret.
 */
export function signatureHeaders(input: {
  id: string;
  body: string;
  secret: string;
  previousSecret?: string;
  timestamp: number;
}): Record<string, string> {
  const standard = (secret: string) => {
    const key = secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8");
    return `v1,${createHmac("sha256", key).update(`${input.id}.${input.timestamp}.${input.body}`, "utf8").digest("base64")}`;
  };
  return {
    "X-Service-Signature": `sha256=${createHmac("sha256", input.secret).update(input.body, "utf8").digest("hex")}`,
    "webhook-id": input.id,
    "webhook-timestamp": String(input.timestamp),
    "webhook-signature": [input.secret, ...(input.previousSecret ? [input.previousSecret] : [])]
      .map(standard)
      .join(" "),
  };
}
