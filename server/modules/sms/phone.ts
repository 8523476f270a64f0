import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { AppError } from "../../errors/app-error";
import { E164 } from "../../lib/string-formats";

/** SPEC 4.3: `to` must be E.164 with + and country code, and a number that exists in that country's plan. */
export function parseRecipient(to: string): { e164: string; countryIso: string } {
  const trimmed = to.trim();
  const invalid = () =>
    new AppError("INVALID_PHONE_NUMBER", {
      message: `"${to}" is not a valid E.164 phone number (e.g. +233201234567)`,
      context: { field: "to" },
    });
  if (!E164.test(trimmed)) throw invalid();
  const parsed = parsePhoneNumberFromString(trimmed);
  if (!parsed?.isValid() || !parsed.country) throw invalid();
  return { e164: parsed.number, countryIso: parsed.country };
}
