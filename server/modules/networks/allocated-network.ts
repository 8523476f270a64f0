import type { MobileNetwork, NetworkCatalogue } from "./network-catalogue";

/**
 * The network a number's range was first allocated to: the longest of its country's prefixes that starts the
 * national significant number. Null where the country's ranges are not on record or none matches (a fixed line).
 */
export function allocatedNetwork(
  catalogue: NetworkCatalogue,
  countryIso: string,
  nationalNumber: string,
): MobileNetwork | null {
  let best: { network: MobileNetwork; length: number } | null = null;
  for (const network of catalogue.byCountry.get(countryIso) ?? [])
    for (const prefix of network.prefixes)
      if (nationalNumber.startsWith(prefix) && prefix.length > (best?.length ?? 0))
        best = { network, length: prefix.length };
  return best?.network ?? null;
}

/** The network a carrier or lookup provider names by its MCC and MNC, among the country's. */
export function networkByCode(
  catalogue: NetworkCatalogue,
  countryIso: string,
  mcc: string,
  mnc: string,
): MobileNetwork | null {
  const wanted = mnc.padStart(2, "0");
  return (
    (catalogue.byCountry.get(countryIso) ?? []).find(
      (n) => n.mcc === mcc && n.mncs.some((code) => code.padStart(2, "0") === wanted),
    ) ?? null
  );
}

/** The slug of the network an E.164 number's range was allocated to, given its country's calling code (SMS's figures). */
export function allocatedNetworkSlug(
  catalogue: NetworkCatalogue,
  e164: string,
  country: { iso2: string; dialingCode: string },
): string | null {
  const national = e164.replace(/^\+/, "").slice(country.dialingCode.length);
  return allocatedNetwork(catalogue, country.iso2, national)?.slug ?? null;
}
