// A number written the local way ("0241234567") is refused, as SPEC 4.3 says (E.164 with +), but the refusal
// helps: it gives the E.164 form when the digits can only mean one number. First the account's own country (where
// its messages have gone, else its first verified number), then a number that is a mobile number in exactly one
// country. A national number is valid in a dozen countries (0241234567 is in 23), which is why a guess is never
// sent: the caller decides (docs/decisions.md, SMS).
import { getCountries, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { db } from "../../db/client";
import { AppError, isAppError } from "../../errors/app-error";
import { parseRecipient } from "./phone";

const MOBILE = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

export async function suggestE164({
  to,
  accountId,
}: {
  to: string;
  accountId: string;
}): Promise<{ e164: string; countryIso: string } | null> {
  const digits = to.replace(/[\s().-]/g, "");
  if (!/^\d{6,15}$/.test(digits)) return null;
  const home = await homeCountry(accountId);
  if (home) {
    const there = parsePhoneNumberFromString(digits, home);
    if (there?.isValid()) return { e164: there.number, countryIso: home };
  }
  const mobiles = getCountries().flatMap((country) => {
    const parsed = parsePhoneNumberFromString(digits, country);
    return parsed?.isValid() && MOBILE.has(parsed.getType() ?? "")
      ? [{ e164: parsed.number, countryIso: country }]
      : [];
  });
  return mobiles.length === 1 ? mobiles[0]! : null;
}

/** The country the account's newest message went to (its index on account and time), else its first verified number's. */
async function homeCountry(accountId: string): Promise<CountryCode | null> {
  const newest = await db().smsMessage.findFirst({
    where: { accountId },
    orderBy: { createdAt: "desc" },
    select: { countryIso: true },
  });
  if (newest) return newest.countryIso as CountryCode;
  const number = await db().verifiedNumber.findFirst({
    where: { accountId },
    orderBy: { createdAt: "asc" },
    select: { number: true },
  });
  const country = number ? parsePhoneNumberFromString(number.number)?.country : undefined;
  return country ?? null;
}

/** parseRecipient for a send: a refused local number comes back with the E.164 form it can only mean. */
export async function parseRecipientFor({
  to,
  accountId,
  field = "to",
}: {
  to: string;
  accountId: string;
  field?: string;
}): Promise<{ e164: string; countryIso: string }> {
  try {
    return parseRecipient(to);
  } catch (error) {
    if (!isAppError(error) || error.code !== "INVALID_PHONE_NUMBER") throw error;
    const suggestion = await suggestE164({ to, accountId });
    if (!suggestion) throw error;
    throw new AppError("INVALID_PHONE_NUMBER", {
      message: `"${to}" is not in E.164 form: did you mean ${suggestion.e164} (${countryName(suggestion.countryIso)})? Numbers start with + and the country code`,
      context: { field, suggestion: suggestion.e164 },
    });
  }
}

function countryName(iso: string): string {
  return new Intl.DisplayNames(["en"], { type: "region" }).of(iso) ?? iso;
}
