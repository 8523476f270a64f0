import { AppError } from "../../errors/app-error";

export const DEFAULT_SENDER = () => process.env.KASA_SMS_DEFAULT_SENDER ?? "Kasa";

const ALPHANUMERIC = /^(?=.*[A-Za-z])[A-Za-z0-9 .&_-]{1,11}$/;
const PHONE = /^\+[1-9]\d{6,14}$/;

/**
 * SPEC 4.3 sender rules. No `from`: the service's default sender, which always
 * works. A phone number must be verified by the account and a name must be a
 * sender ID registered to it; the registries of both arrive with issue #6, so
 * until then only the default sender is accepted and anything else is refused
 * here, before any charge, rather than by a carrier after one.
 */
export function checkSender(from: string | undefined): string {
  if (from === undefined || from.trim() === "") return DEFAULT_SENDER();
  const sender = from.trim();
  if (sender === DEFAULT_SENDER()) return sender;
  const kind = PHONE.test(sender) ? "phone number" : ALPHANUMERIC.test(sender) ? "sender ID" : null;
  const msg = kind
    ? `The ${kind} "${sender}" is not ${kind === "phone number" ? "verified" : "registered"} on this account; omit "from" to use the default sender "${DEFAULT_SENDER()}"`
    : `"from" must be a sender ID (1-11 letters, digits or spaces) or an E.164 phone number`;
  throw new AppError("INVALID_REQUEST", { message: msg, context: { errors: [{ type: kind ? "unregistered_sender" : "invalid_sender", loc: ["body", "from"], msg }] } });
}
