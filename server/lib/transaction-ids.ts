import { randomToken } from "./ids";

/** SPEC shapes: sms_<token>_<token>, email_<token>_<token>, batch_<token>_<token>; random, never sequential. */
export function newTransactionId(kind: "sms" | "email" | "batch" | "data" | "airtime"): string {
  return `${kind}_${randomToken(12)}_${randomToken(12)}`;
}
