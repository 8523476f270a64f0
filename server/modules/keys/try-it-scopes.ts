import type { Scope } from "./scopes";

/**
 * What the Try-it key may do: send and buy in the sandbox, read (figures too), and look numbers up (free with a test key). Not `webhooks:manage`, `domains:manage` or
 * `senders:manage`: those change the account itself whatever the key's mode (a test key rotating the live webhook
 * secret, or starting a real verification SMS to a phone number), which a click in the docs must never do.
 */
export const TRY_IT_SCOPES = [
  "sms:send",
  "email:send",
  "data:purchase",
  "airtime:purchase",
  "transactions:read",
  "account:read",
  "lookup:read",
  "analytics:read",
] as const satisfies readonly Scope[];
