// A number's airtime operator (docs/decisions.md, "Networks and lookup"): the operator of the network the number is
// on now when the lookup provider knows it (a ported number gets its new network's operator); otherwise, and when no
// operator of the airtime provider's list is that network, the airtime provider's own detection.
import type { AirtimeProvider, Operator } from "../../providers/topups";
import { networkCatalogue } from "../networks/network-catalogue";
import { networkNow } from "./network-now";
import { operatorForNetwork } from "./operator-for-network";

export async function detectOperator(
  provider: AirtimeProvider,
  phone: { e164: string; countryIso: string },
  mode: "test" | "live",
): Promise<Operator[]> {
  const now = await networkNow(phone.e164, mode);
  const network =
    now?.source === "provider" && now.slug
      ? (await networkCatalogue()).byCountry.get(phone.countryIso)?.find((n) => n.slug === now.slug)
      : undefined;
  if (network) {
    const operator = operatorForNetwork(await provider.operatorsForCountry(phone.countryIso), network);
    if (operator) return [operator];
  }
  return provider.operatorsForPhone(phone.e164, phone.countryIso);
}
