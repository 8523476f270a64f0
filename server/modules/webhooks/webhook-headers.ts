// The headers every delivery carries besides its signatures: one list for the request itself (post-webhook.ts)
// and for the delivery log's view of it (delivery-request.ts), so the log shows what was really sent.
// SPEC 6.4's product token first (receivers that match on it keep working), then a comment naming who sends it,
// as crawlers do: a customer reading their access log sees Kasa, not a name from inside the contract.
export const WEBHOOK_USER_AGENT = "Service-Webhook/1.0 (Kasa webhooks)";

export function webhookBaseHeaders(body: string): Record<string, string | number> {
  return {
    "Content-Type": "application/json",
    "User-Agent": WEBHOOK_USER_AGENT,
    "Content-Length": Buffer.byteLength(body),
  };
}
