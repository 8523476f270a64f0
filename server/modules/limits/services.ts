/** The rate-limited services of SPEC 8.3, and Verify (docs/decisions.md, "Verify"), in the order pages list them. */
export const SERVICES = ["sms", "email", "data", "airtime", "verify", "lookup"] as const;
export type Service = (typeof SERVICES)[number];
