import { coverage } from "./coverage-cache";

/** The countries whose rule for this category of SMS asks for consent on record (Ghana's promotional rule does). */
export async function consentCountries(category: string): Promise<Set<string>> {
  return new Set(
    (await coverage()).countryRules
      .filter((r) => r.category === category && r.requiresConsent)
      .map((r) => r.countryIso),
  );
}
