// Every event name a webhook may subscribe to (SPEC 6.1), and "*" for all.
export const EMAIL_EVENTS = [
  "email.sent",
  "email.delivered",
  "email.bounced",
  "email.complained",
  "email.opened",
  "email.clicked",
  "email.delivery_delayed",
  "email.failed",
  "email.scheduled",
  "email.suppressed",
  "email.received",
] as const;
export const OTHER_EVENTS = [
  "sms.sent",
  "sms.delivered",
  "sms.failed",
  "airtime.success",
  "airtime.failed",
  "data.purchased",
  "data.delivered",
  "data.success",
  "data.failed",
] as const;
// Beyond SPEC's list (which SPEC 9.4 says grows): a reply to an SMS (issue #6), a low balance (issue #7) and a
// scheduled email cancelled before it left (issue #22).
export const ADDED_EVENTS = ["sms.received", "balance.low", "email.cancelled"] as const;
export const WEBHOOK_EVENTS: readonly string[] = [...EMAIL_EVENTS, ...OTHER_EVENTS, ...ADDED_EVENTS];
export const ALL_EVENTS = "*";
