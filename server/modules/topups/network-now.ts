// The network a number is on now, for a top-up (docs/decisions.md, "Networks and lookup"): the number lookup's
// answer (the provider's, kept LOOKUP_CACHE_HOURS; the sandbox's for test keys), which falls back to the number's
// range within LOOKUP_TIMEOUT_MS when the provider is slow or down, so a lookup never holds a purchase up. It is
// part of the purchase: not charged as a lookup.
import { lookUpNumber } from "../lookup/look-up-number";

export type NetworkNow = {
  /** The network's API name ("telecel"); null when the provider names a network Kasa does not list. */
  slug: string | null;
  name: string;
  source: "provider" | "prefix";
  ported: boolean;
};

export async function networkNow(e164: string, mode: "test" | "live"): Promise<NetworkNow | null> {
  const answer = await lookUpNumber({ phoneNumber: e164, mode });
  const current = answer.current_network;
  if (!current) return null;
  return { slug: current.network, name: current.name, source: answer.source, ported: answer.ported };
}
