// An account's consent settings (owners): its own opt-in keyword (a reply of
// it records SMS consent, as START does) and whether promotional email goes
// only to contacts with email consent on record (off by default).
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { optOutKeyword } from "./apply-opt-out-keyword";

export async function consentSettings(accountId: string) {
  const account = await db().account.findUniqueOrThrow({
    where: { id: accountId },
    select: { consentKeyword: true, emailConsentRequired: true },
  });
  return { keyword: account.consentKeyword, emailConsentRequired: account.emailConsentRequired };
}

export async function setConsentSettings(
  accountId: string,
  input: { keyword: string | null; emailConsentRequired: boolean },
) {
  const keyword = input.keyword?.trim().toUpperCase() || null;
  if (keyword && !/^[A-Z0-9]{2,20}$/.test(keyword))
    throw new AppError("INVALID_REQUEST", {
      message: "The keyword is one word of 2 to 20 letters or digits (JOIN, DEALS2026)",
      context: { field: "keyword" },
    });
  if (keyword && optOutKeyword(keyword))
    throw new AppError("INVALID_REQUEST", {
      message: `${keyword} already means ${optOutKeyword(keyword) === "stop" ? "STOP" : "START"}: choose another word`,
      context: { field: "keyword" },
    });
  await db().account.update({
    where: { id: accountId },
    data: { consentKeyword: keyword, emailConsentRequired: input.emailConsentRequired },
  });
  return consentSettings(accountId);
}

/** The dashboard's "Record consent" / "Withdraw" on one contact: source dashboard, the member's note as proof. */
export async function recordContactConsent(input: {
  accountId: string;
  mode: "live" | "test";
  id: string;
  channel: "sms" | "email";
  granted: boolean;
  proof?: string;
}) {
  const contact = await db().contact.findFirst({
    where: { id: input.id, accountId: input.accountId, mode: input.mode },
  });
  if (!contact) throw new AppError("NOT_FOUND", { message: `No contact ${input.id}` });
  if (input.granted && !(input.channel === "sms" ? contact.phone : contact.email))
    throw new AppError("INVALID_REQUEST", {
      message: `${contact.id} has no ${input.channel === "sms" ? "phone" : "email"} to consent for`,
      context: { field: "channel" },
    });
  // A withdrawal dates the grant withdrawn and keeps it; a grant replaces what was and clears the date.
  const now = new Date();
  const proof = input.proof?.trim() || null;
  const data =
    input.channel === "sms"
      ? input.granted
        ? { smsConsentAt: now, smsConsentSource: "dashboard", smsConsentProof: proof, smsConsentWithdrawnAt: null }
        : { smsConsentWithdrawnAt: contact.smsConsentAt ? (contact.smsConsentWithdrawnAt ?? now) : null }
      : input.granted
        ? {
            emailConsentAt: now,
            emailConsentSource: "dashboard",
            emailConsentProof: proof,
            emailConsentWithdrawnAt: null,
          }
        : { emailConsentWithdrawnAt: contact.emailConsentAt ? (contact.emailConsentWithdrawnAt ?? now) : null };
  const updated = await db().contact.update({ where: { id: contact.id }, data: { ...data, updatedAt: now } });
  return { id: updated.id, channel: input.channel, granted: input.granted };
}
