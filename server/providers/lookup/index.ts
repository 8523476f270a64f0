// The one way to the number lookup provider: LOOKUP_URL's, or none (lookups answer from the number's range).
import { config } from "../../config/config";
import { perConfiguration } from "../../config/per-configuration";
import { twilioLookup, type LookupProvider } from "./twilio-lookup";

export type { LookupProvider, ProviderLookup, ProviderLineType } from "./twilio-lookup";

const provider = perConfiguration((): LookupProvider | null => {
  const settings = config();
  return settings.LOOKUP_URL ? twilioLookup(settings.LOOKUP_URL, settings.LOOKUP_TIMEOUT_MS) : null;
});

export function lookupProvider(): LookupProvider | null {
  return provider.get();
}
