// How long a screen the session's network shows (the networks table's ussd_screen_septets, else the standard's 182):
// an app's answer longer than that comes in pages. Read from the kept network catalogue: no query on a hop.
import { networkCatalogue } from "../networks/network-catalogue";
import { DEFAULT_SCREEN_SEPTETS } from "./paginate-screen";

export async function screenSeptetsOf(session: { country: string | null; network: string | null }): Promise<number> {
  if (!session.country || !session.network) return DEFAULT_SCREEN_SEPTETS;
  const networks = (await networkCatalogue()).byCountry.get(session.country) ?? [];
  return networks.find((n) => n.slug === session.network)?.ussdScreenSeptets ?? DEFAULT_SCREEN_SEPTETS;
}
