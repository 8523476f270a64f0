// A contact's phone and email as Kasa keeps them: E.164 (a local number read as
// Ghanaian, Kasa's home market: 024 123 4567 is +233241234567) and a lower-cased
// address. Each returns the reason a value cannot be one, for the caller to
// report (the API as its error code, an import as the row's reason).
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { EMAIL_ADDRESS } from "../../lib/string-formats";

export const DEFAULT_PHONE_COUNTRY = "GH";

export function normalizePhone(raw: string): { phone: string; countryIso: string | null } | { reason: string } {
  const parsed = parsePhoneNumberFromString(raw.trim(), DEFAULT_PHONE_COUNTRY);
  if (!parsed?.isValid()) return { reason: `"${raw}" is not a phone number (E.164, or a Ghanaian local number)` };
  return { phone: parsed.number, countryIso: parsed.country ?? null };
}

export function normalizeEmail(raw: string): { email: string } | { reason: string } {
  const email = raw.trim().toLowerCase();
  if (!EMAIL_ADDRESS.test(email)) return { reason: `"${raw}" is not an email address` };
  return { email };
}
