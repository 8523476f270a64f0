// A number lookup provider speaking Twilio's Lookup v2: GET /v2/PhoneNumbers/{number}?Fields=line_type_intelligence,
// with the account's credentials as HTTP Basic auth (the user and password of LOOKUP_URL). What comes back is the
// network the number is on now (MCC, MNC, the carrier's name) and its line type; this adapter reads it and says
// nothing about what it means (server/modules/lookup decides).
import { requestUpstream, UpstreamNoAnswer, UpstreamUnreachable } from "../upstream-http";

/** Line Type Intelligence's `type` values. */
export type ProviderLineType =
  | "landline"
  | "mobile"
  | "fixedVoip"
  | "nonFixedVoip"
  | "personal"
  | "tollFree"
  | "premium"
  | "sharedCost"
  | "uan"
  | "voicemail"
  | "pager"
  | "unknown";

export type ProviderLookup =
  | {
      ok: true;
      valid: boolean;
      lineType: ProviderLineType | null;
      mcc: string | null;
      mnc: string | null;
      carrierName: string | null;
    }
  /** No answer to use: `reason` says why (the caller falls back to what the number's range says). */
  | { ok: false; reason: "timeout" | "unreachable" | "refused" };

export type LookupProvider = { lookup(e164: string): Promise<ProviderLookup> };

export function twilioLookup(url: string, timeoutMs: number): LookupProvider {
  const base = new URL(url);
  const credentials = `${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`;
  base.username = "";
  base.password = "";
  const root = base.toString().replace(/\/+$/, "");
  return {
    async lookup(e164) {
      try {
        const answer = await requestUpstream(
          "GET",
          `${root}/v2/PhoneNumbers/${encodeURIComponent(e164)}?Fields=line_type_intelligence`,
          { headers: { authorization: `Basic ${Buffer.from(credentials).toString("base64")}` }, timeoutMs },
        );
        if (answer.status !== 200 || typeof answer.body !== "object" || answer.body === null)
          return { ok: false, reason: "refused" };
        const body = answer.body as {
          valid?: boolean;
          line_type_intelligence?: {
            mobile_country_code?: string | null;
            mobile_network_code?: string | null;
            carrier_name?: string | null;
            type?: ProviderLineType | null;
            error_code?: number | null;
          } | null;
        };
        const line = body.line_type_intelligence ?? null;
        const usable = line && !line.error_code;
        return {
          ok: true,
          valid: body.valid !== false,
          lineType: usable ? (line.type ?? null) : null,
          mcc: usable ? (line.mobile_country_code ?? null) : null,
          mnc: usable ? (line.mobile_network_code ?? null) : null,
          carrierName: usable ? (line.carrier_name ?? null) : null,
        };
      } catch (error) {
        if (error instanceof UpstreamNoAnswer) return { ok: false, reason: "timeout" };
        if (error instanceof UpstreamUnreachable) return { ok: false, reason: "unreachable" };
        throw error;
      }
    },
  };
}
