import { formatAmount, toAmountNumber } from "../../lib/money";
import { coverage, type Route } from "./coverage-cache";
import { ROUTES } from "./schemas";
import { defaultSenderOf } from "../sms/default-sender";
import { networkCatalogue } from "../networks/network-catalogue";
import { networkAnswerWithRanges } from "../networks/network-answer";

const SENDER_RULES: Record<Route, string> = {
  africa_local: "Registered sender IDs supported",
  africa_regional: "Registered sender IDs supported",
  global: "Alphanumeric sender IDs vary by country",
};

/** SPEC 2.4 / 4.4: destinations, filtered by route and by a match on name or dialing code. */
export async function listCountries(input: { route?: Route; q?: string }) {
  const [{ countries, prices }, networks] = await Promise.all([coverage(), networkCatalogue()]);
  const q = input.q?.toLowerCase().replace(/^\+/, "");
  const matches = countries.filter(
    (c) =>
      (!input.route || c.route === input.route) &&
      (!q || c.name.toLowerCase().includes(q) || c.dialingCode.startsWith(q) || c.iso2.toLowerCase() === q),
  );
  const routes = Object.fromEntries(
    ROUTES.map((route) => {
      const price = prices.get(route);
      return [
        route,
        {
          name: route,
          description: price?.description ?? "",
          sender_id: SENDER_RULES[route],
          price_per_segment: price
            ? { amount: toAmountNumber(price.pricePerSegmentMicros), currency: price.currency }
            : null,
          // Countries Kasa sends to on this route: the number the docs and the staff console give too.
          countries: countries.filter((c) => c.route === route && c.supported).length,
        },
      ];
    }),
  );
  return {
    countries: matches.map((c) => ({
      country: c.name,
      iso_code: c.iso2,
      dialing_code: `+${c.dialingCode}`,
      route: c.route,
      supported: c.supported,
      sender_id_supported: c.senderIdSupported,
      default_sender: defaultSenderOf(c),
      // A country Kasa does not send to has no price (it would only be quoted for a send that is refused).
      price_per_segment:
        c.supported && prices.get(c.route) ? formatAmount(prices.get(c.route)!.pricePerSegmentMicros) : null,
      networks: (networks.byCountry.get(c.iso2) ?? []).map((n) => networkAnswerWithRanges(n, c.dialingCode)),
    })),
    total: matches.length,
    routes,
  };
}
