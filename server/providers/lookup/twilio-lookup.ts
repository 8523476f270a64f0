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
  | { ok: false; reason: "timeout" | "unreachable" | "refused" | "no_data" };

/** `timeoutMs`: less than the configured timeout when the request asking has less time left. */
export type LookupProvider = { lookup(e164: string, timeoutMs?: number): Promise<ProviderLookup> };

export function twilioLookup(url: string, configuredTimeoutMs: number): LookupProvider {
  const base = new URL(url);
  const credentials = `${decoded(base.username)}:${decoded(base.password)}`;
  base.username = "";
  base.password = "";
  const root = base.toString().replace(/\/+$/, "");
  async function ask(e164: string, timeoutMs: number): Promise<ProviderLookup> {
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
      const valid = body.valid !== false;
      const line = body.line_type_intelligence ?? null;
      // A valid number whose line the provider could not read (an error_code, no data) is no answer to sell.
      if (valid && (!line || line.error_code)) return { ok: false, reason: "no_data" };
      return {
        ok: true,
        valid,
        lineType: valid ? (text(line?.type, /^[A-Za-z]{1,20}$/) as ProviderLineType | null) : null,
        mcc: valid ? text(line?.mobile_country_code, /^\d{3}$/) : null,
        mnc: valid ? text(line?.mobile_network_code, /^\d{2,3}$/) : null,
        carrierName: valid ? text(line?.carrier_name, /^.{1,100}$/) : null,
      };
    } catch (error) {
      if (error instanceof UpstreamNoAnswer) return { ok: false, reason: "timeout" };
      if (error instanceof UpstreamUnreachable) return { ok: false, reason: "unreachable" };
      throw error;
    }
  }

  return {
    // The socket's timeout is an idle one, and a call may wait for a free socket first: the whole call is bounded.
    async lookup(e164, timeoutMs = configuredTimeoutMs) {
      const ms = Math.max(1, Math.min(timeoutMs, configuredTimeoutMs));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<ProviderLookup>((resolve) => {
        timer = setTimeout(() => resolve({ ok: false, reason: "timeout" }), ms);
      });
      return Promise.race([ask(e164, ms), late]).finally(() => clearTimeout(timer));
    },
  };
}

/** A field of the provider's answer as text of the shape expected, or null (nothing odd reaches a column). */
function text(value: unknown, shape: RegExp): string | null {
  return typeof value === "string" && shape.test(value) ? value : null;
}

/** A URL's user or password, percent-decoded when it is validly encoded, as written otherwise. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
