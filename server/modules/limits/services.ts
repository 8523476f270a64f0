/**
 * The rate-limited services of SPEC 8.3, and Verify, Lookup, USSD sessions and WhatsApp sends (docs/decisions.md, "Verify", "USSD", "WhatsApp"),
 * in the order pages list them.
 */
export const SERVICES = ["sms", "email", "data", "airtime", "verify", "lookup", "ussd", "whatsapp"] as const;
export type Service = (typeof SERVICES)[number];
