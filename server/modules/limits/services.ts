/**
 * The rate-limited services of SPEC 8.3, and Verify, Lookup and USSD sessions (docs/decisions.md, "Verify", "USSD"),
 * in the order pages list them.
 */
export const SERVICES = ["sms", "email", "data", "airtime", "verify", "lookup", "ussd"] as const;
export type Service = (typeof SERVICES)[number];
