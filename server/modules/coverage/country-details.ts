import { getExampleNumber, type CountryCode } from "libphonenumber-js/max";
import examples from "libphonenumber-js/examples.mobile.json";
import { AppError } from "../../errors/app-error";
import { formatAmount } from "../../lib/money";
import { defaultSenderOf } from "../sms/default-sender";
import { coverage } from "./coverage-cache";
import { networkCatalogue } from "../networks/network-catalogue";
import { networkAnswerWithRanges } from "../networks/network-answer";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/**
 * The Coverage page's country panel (docs/decisions.md, "URLs, guards and pages"): its route and price, what sender it can show, the content rules
 * that refuse a send there, and what a valid mobile number looks like (libphonenumber's own example).
 */
export async function countryDetails(iso: string) {
  const [{ byIso, prices, contentRules }, networks] = await Promise.all([coverage(), networkCatalogue()]);
  const country = byIso.get(iso.toUpperCase());
  if (!country) throw new AppError("NOT_FOUND", { message: `No country ${iso}` });
  const price = country.supported ? prices.get(country.route) : undefined;
  const example = getExampleNumber(country.iso2 as CountryCode, examples);
  return {
    iso: country.iso2,
    name: country.name,
    dialingCode: `+${country.dialingCode}`,
    route: country.route,
    supported: country.supported,
    senderIdSupported: country.senderIdSupported,
    defaultSender: defaultSenderOf(country),
    // One price per segment whatever the encoding; the encoding decides how many characters a segment holds.
    pricePerSegment: price ? formatAmount(price.pricePerSegmentMicros) : null,
    pricePerSegmentMicros: price ? Number(price.pricePerSegmentMicros) : null,
    currency: price?.currency ?? "USD",
    contentRules: contentRules
      .filter((r) => r.countryIso === country.iso2)
      .map((r) => ({
        category: r.category,
        description: r.description,
        days: r.blockedWeekdays.map((d) => WEEKDAYS[d]!),
        hours:
          r.blockedFromHour === null || r.blockedToHour === null
            ? null
            : `${String(r.blockedFromHour).padStart(2, "0")}:00–${String(r.blockedToHour).padStart(2, "0")}:00 ${r.timeZone}`,
      })),
    exampleNumber: example ? { e164: example.number, national: example.formatNational() } : null,
    networks: (networks.byCountry.get(country.iso2) ?? []).map((n) => networkAnswerWithRanges(n, country.dialingCode)),
  };
}
