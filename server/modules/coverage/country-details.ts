import { getExampleNumber, type CountryCode } from "libphonenumber-js/max";
import examples from "libphonenumber-js/examples.mobile.json";
import { AppError } from "../../errors/app-error";
import { formatAmount } from "../../lib/money";
import { defaultSenderOf } from "../sms/default-sender";
import { coverage } from "./coverage-cache";
import { describeWindow } from "./sending-window";
import { networkCatalogue } from "../networks/network-catalogue";
import { networkAnswerWithRanges } from "../networks/network-answer";

/**
 * The Coverage page's country panel (docs/decisions.md, "URLs, guards and pages"): its route and price, what sender it can show, the country rules
 * that say when a send there goes out, and what a valid mobile number looks like (libphonenumber's own example).
 */
export async function countryDetails(iso: string) {
  const [{ byIso, prices, countryRules }, networks] = await Promise.all([coverage(), networkCatalogue()]);
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
    // When each category may go out there (outside it, a send waits for the opening).
    countryRules: countryRules
      .filter((r) => r.countryIso === country.iso2)
      .map((r) => ({
        category: r.category,
        description: r.description,
        window: describeWindow(r),
        requiresConsent: r.requiresConsent,
      })),
    exampleNumber: example ? { e164: example.number, national: example.formatNational() } : null,
    networks: (networks.byCountry.get(country.iso2) ?? []).map((n) => networkAnswerWithRanges(n, country.dialingCode)),
  };
}
