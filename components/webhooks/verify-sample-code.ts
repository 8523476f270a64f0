// The Node verification sample, shown on the Webhooks page and in the docs.
export const VERIFY_WEBHOOK_SAMPLE = `import { createHmac, timingSafeEqual } from "node:crypto";

// Verify on the raw bytes you received: re-serialised JSON does not reproduce the digest.
export function verifyKasaWebhook(rawBody, headers, secret) {
  // Kasa's signature: X-Service-Signature: sha256=<hex HMAC-SHA256 of the body>
  const expected = "sha256=" + createHmac("sha256", secret).update(rawBody).digest("hex");
  const given = headers["x-service-signature"] ?? "";
  if (given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return true;

  // Standard Webhooks: webhook-signature: v1,<base64 HMAC of "id.timestamp.body">
  const key = secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret);
  const signed = \`\${headers["webhook-id"]}.\${headers["webhook-timestamp"]}.\${rawBody}\`;
  const v1 = "v1," + createHmac("sha256", key).update(signed).digest("base64");
  const tooOld = Math.abs(Date.now() / 1000 - Number(headers["webhook-timestamp"])) > 300;
  return !tooOld && (headers["webhook-signature"] ?? "").split(" ").some((s) => s.length === v1.length && timingSafeEqual(Buffer.from(s), Buffer.from(v1)));
}`;
