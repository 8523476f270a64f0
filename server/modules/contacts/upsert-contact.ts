// POST /api/v1/contacts: creates the contact, or updates the one with this
// phone or email (one per each in an account and mode).
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import type { AccountScope } from "../keys/resolve-api-key";
import { normalizeEmail, normalizePhone } from "./normalize-contact";
import { mergeContacts } from "./merge-contacts";
import { assertListsExist } from "./account-lists";
import { contactView } from "./contact-view";
import type { UpsertContactInput } from "./schemas";
import { consentChange, type ConsentChange } from "./consent";

/** The checks: nothing is written when one fails. */
export async function prepareContact(input: UpsertContactInput, caller: AccountScope) {
  if (!input.phone && !input.email)
    throw new AppError("MISSING_FIELD", {
      message: "Missing required field: phone (or email)",
      context: { field: "phone" },
    });
  const phone = input.phone ? normalizePhone(input.phone) : undefined;
  if (phone && "reason" in phone)
    throw new AppError("INVALID_PHONE_NUMBER", { message: phone.reason, context: { field: "phone" } });
  const email = input.email ? normalizeEmail(input.email) : undefined;
  if (email && "reason" in email)
    throw new AppError("INVALID_EMAIL", { message: email.reason, context: { field: "email", address: input.email } });
  const consent = consentChange(input.consent);
  if ("reason" in consent)
    throw new AppError("INVALID_REQUEST", {
      message: consent.reason,
      context: { field: "consent", reason: "granted_in_future" },
    });
  // Consent is given for an address: the request names the one it is for.
  const missing =
    consent.sms !== undefined && !phone ? "phone" : consent.email !== undefined && !email ? "email" : null;
  if (missing)
    throw new AppError("INVALID_REQUEST", {
      message: `consent.${missing === "phone" ? "sms" : "email"} needs the contact's ${missing} in the same request`,
      context: { field: "consent", conflicts_with: missing },
    });
  await assertListsExist(caller, input.lists ?? []);
  return { phone: phone?.phone, countryIso: phone?.countryIso, email: email?.email, consent };
}

export async function upsertContact({
  input,
  keys,
  caller,
}: {
  input: UpsertContactInput;
  keys: { phone?: string; countryIso?: string | null; email?: string; consent?: ConsentChange };
  caller: AccountScope;
}) {
  const outcome = await mergeContacts({
    scope: { accountId: caller.accountId, mode: caller.mode },
    rows: [{ ...keys, firstName: input.first_name, lastName: input.last_name, attributes: input.attributes }],
    listIds: input.lists ?? [],
  });
  if (outcome.skipped.length)
    throw new AppError("CONFLICT", {
      message: outcome.skipped[0]!.reason,
      context: { reason: "contact_conflict" },
    });
  const id = outcome.contactIds[0]!;
  const contact = await db().contact.findUniqueOrThrow({ where: { id }, include: { lists: true } });
  return {
    data: contactView(
      contact,
      contact.lists.map((m) => m.listId),
    ),
  };
}
