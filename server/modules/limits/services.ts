/** The rate-limited services of SPEC 8.3, and Verify (issue #25), in the order pages list them. */
export const SERVICES = ["sms", "email", "data", "airtime", "verify"] as const;
export type Service = (typeof SERVICES)[number];
