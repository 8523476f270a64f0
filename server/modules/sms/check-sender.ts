import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { E164 } from "../../lib/string-formats";
import { coverage } from "../coverage/coverage-cache";
import { DEFAULT_SENDER, defaultSenderFor } from "./default-sender";

export { DEFAULT_SENDER };

export const SENDER_ID_PATTERN = /^(?=.*[A-Za-z])[A-Za-z0-9 .&_-]{1,11}$/;
/** SENDER_ID_PATTERN without its look-ahead (any client's regex engine reads it), the length apart: what the document states. */
export const SENDER_ID_PLAIN_PATTERN = /^[A-Za-z0-9.&_-]*[A-Za-z][A-Za-z0-9 .&_-]*$/;

/**
 * SPEC 4.3's sender rules, checked before anything is charged:
 * - no `from` (or the default name): the default for the destination's country (default-sender.ts);
 * - a phone number must be verified by the account;
 * - a name must be a sender ID the account holds for the destination's market:
 *   held by another account there (or only elsewhere by others) is 403
 *   SENDER_ID_NOT_YOURS; the account's own but not approved for this market is
 *   a 400 SMS_SEND_FAILED (carriers block it), saying where it is approved.
 * Test keys get exactly the same answers (DESIGN.md: the sandbox differs only
 * in who delivers and in not charging); until a sender ID is approved,
 * integrate without `from`.
 */
export async function checkSender(input: {
  from: string | undefined;
  accountId: string;
  countryIso: string;
  mode: "test" | "live";
}): Promise<string> {
  const sender = input.from?.trim() ?? "";
  if (sender === "" || sender === DEFAULT_SENDER()) {
    const country = (await coverage()).byIso.get(input.countryIso);
    return country ? defaultSenderFor(country, input.mode) : DEFAULT_SENDER();
  }
  if (E164.test(sender)) return checkVerifiedNumber(sender, input.accountId);
  if (!SENDER_ID_PATTERN.test(sender)) {
    const msg = `"from" must be a sender ID (1-11 letters, digits or spaces, at least one letter) or an E.164 phone number`;
    throw new AppError("INVALID_REQUEST", {
      message: msg,
      context: { errors: [{ type: "invalid_sender", loc: ["body", "from"], msg }] },
    });
  }
  const registrations = await db().senderId.findMany({
    where: { name: sender },
    select: { accountId: true, countryIso: true, status: true },
  });
  const here = registrations.find((r) => r.countryIso === input.countryIso);
  const mine = registrations.filter((r) => r.accountId === input.accountId);
  if ((here && here.accountId !== input.accountId) || (!mine.length && registrations.length)) {
    throw new AppError("SENDER_ID_NOT_YOURS", {
      message: `The sender ID "${sender}" is registered to another account${here ? ` in ${input.countryIso}` : ""}`,
    });
  }
  if (here?.status === "approved") return sender;
  const approvedIn = mine.filter((r) => r.status === "approved").map((r) => r.countryIso);
  const reason = !mine.length
    ? "sender_id_unregistered"
    : here?.status === "rejected"
      ? "sender_id_rejected"
      : here
        ? "sender_id_pending"
        : "sender_id_not_approved_here";
  const message = !mine.length
    ? `The sender ID "${sender}" is not registered on this account; register it for ${input.countryIso} on the Domains & senders page, or omit "from" to use "${DEFAULT_SENDER()}"`
    : here
      ? `The sender ID "${sender}" is ${here.status} for ${input.countryIso}; carriers there block it until it is approved`
      : `The sender ID "${sender}" is not approved for ${input.countryIso}${approvedIn.length ? ` (approved in ${approvedIn.join(", ")})` : ""}; sender IDs are approved per market`;
  throw new AppError("SMS_SEND_FAILED", {
    status: 400,
    message,
    context: { reason, sender, country: input.countryIso, approved_in: approvedIn },
  });
}

async function checkVerifiedNumber(number: string, accountId: string): Promise<string> {
  const verified = await db().verifiedNumber.findFirst({
    where: { accountId, number, status: "verified" },
    select: { id: true },
  });
  if (verified) return number;
  throw new AppError("SMS_SEND_FAILED", {
    status: 400,
    message: `The phone number ${number} is not verified on this account; verify it on the Domains & senders page, or omit "from" to use "${DEFAULT_SENDER()}"`,
    context: { reason: "phone_unverified", sender: number },
  });
}
