// API key scopes (docs/decisions.md, "Authentication and API keys", SPEC 5.6). A key without an explicit list gets all.
export const SCOPES = [
  "sms:send",
  "email:send",
  "webhooks:manage",
  "data:purchase",
  "airtime:purchase",
  "transactions:read",
  "domains:manage",
  "senders:manage",
  "account:read",
  "verify:send",
  "contacts:manage",
  "broadcasts:send",
  "lookup:read",
  "analytics:read",
  "ussd:manage",
  "whatsapp:manage",
  "whatsapp:send",
] as const;

export type Scope = (typeof SCOPES)[number];

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  "sms:send": "Send SMS",
  "email:send": "Send email (single and batch)",
  "webhooks:manage": "Register, list and delete webhooks",
  "data:purchase": "Buy data bundles",
  "airtime:purchase": "Buy airtime",
  "transactions:read": "Read transaction status and the request log",
  "domains:manage": "Add and verify sender domains, mailboxes",
  "senders:manage": "Register sender IDs and phone numbers",
  "account:read": "Read balance, plan and usage",
  "verify:send": "Send and check one-time codes (Verify)",
  "contacts:manage": "Create, import and delete contacts and lists",
  "broadcasts:send": "Write templates and send broadcasts",
  "lookup:read": "Look up numbers: validity, line type, network (charged per provider answer)",
  "analytics:read": "Read delivery figures: rates, delivery times and failure reasons by day, country, network...",
  "ussd:manage": "USSD: set codes' callbacks, simulate a phone, read sessions",
  "whatsapp:manage": "WhatsApp: connect and remove Business numbers, read their templates",
  "whatsapp:send": "WhatsApp: send messages",
};

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
