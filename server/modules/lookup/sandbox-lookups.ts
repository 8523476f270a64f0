// Test keys look numbers up in a sandbox (docs/lookup): no provider is called and nothing is charged. These
// numbers answer as a provider would; every other number answers from its range (`source: "prefix"`).
import type { ProviderLookup } from "../../providers/lookup";

export const SANDBOX_LOOKUPS: Record<string, { what: string; answer: Extract<ProviderLookup, { ok: true }> }> = {
  "+233241000001": {
    what: "an MTN-allocated number now on Telecel (ported)",
    answer: { ok: true, valid: true, lineType: "mobile", mcc: "620", mnc: "02", carrierName: "Telecel Ghana" },
  },
  "+233201000001": {
    what: "a Telecel number that never moved",
    answer: { ok: true, valid: true, lineType: "mobile", mcc: "620", mnc: "02", carrierName: "Telecel Ghana" },
  },
  "+233301234567": {
    what: "a fixed line in Accra",
    answer: { ok: true, valid: true, lineType: "landline", mcc: null, mnc: null, carrierName: null },
  },
};
