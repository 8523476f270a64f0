// What a number is (docs/decisions.md, "Networks and lookup"): valid or not, its formats and country, its line type,
// the network its range was allocated to, and the network it is on now, from the lookup provider when one answers
// (kept LOOKUP_CACHE_HOURS), or else assumed from the range, which the answer says (`source`, `fallback`).
import pLimit from "p-limit";
import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/max";
import { AppError } from "../../errors/app-error";
import { config } from "../../config/config";
import { db } from "../../db/client";
import { lookupProvider, type ProviderLookup } from "../../providers/lookup";
import { allocatedNetwork, networkByCode } from "../networks/allocated-network";
import { networkCatalogue, type MobileNetwork } from "../networks/network-catalogue";
import { networkAnswer } from "../networks/network-answer";
import { lineTypeFromPlan, lineTypeFromProvider, type LineType } from "./line-types";
import { SANDBOX_LOOKUPS } from "./sandbox-lookups";

export type LookupFallback =
  "no_provider" | "provider_timeout" | "provider_unreachable" | "provider_refused" | "provider_no_data";

type CurrentNetwork = { network: string | null; name: string; mcc: string | null; mnc: string | null };

/** Provider calls of this process at once, whatever the requests: more wait their turn within their timeout. */
const providerCalls = pLimit(32);

export type NumberLookupAnswer = {
  phone_number: string;
  valid: boolean;
  country: string | null;
  calling_code: string;
  national_format: string;
  line_type: LineType;
  allocated_network: ReturnType<typeof networkAnswer> | null;
  current_network: CurrentNetwork | null;
  ported: boolean;
  source: "provider" | "prefix";
  fallback: LookupFallback | null;
};

type Known = Extract<ProviderLookup, { ok: true }>;

/** The number a lookup is about; INVALID_PHONE_NUMBER (naming `field`) when it is not one in E.164 form. */
export function lookupTarget(phoneNumber: string, field = "phone_number"): PhoneNumber {
  const raw = phoneNumber.replace(/[\s().-]/g, "");
  // The whole text is the number: no extension, nothing around it (libphonenumber would find a number inside text).
  const parsed = /^\+\d{4,15}$/.test(raw) ? parsePhoneNumberFromString(raw, { extract: false }) : undefined;
  if (!parsed)
    throw new AppError("INVALID_PHONE_NUMBER", {
      message: `"${phoneNumber}" is not a phone number in E.164 form (+ and the country code, e.g. +233241234567)`,
      context: { field },
    });
  return parsed;
}

/** Whether a live lookup of this number would ask the provider (and so be charged, when one is configured). */
export function asksProvider(parsed: PhoneNumber): boolean {
  return parsed.isValid();
}

export async function lookUpNumber(input: {
  phoneNumber: string | PhoneNumber;
  mode: "test" | "live";
  now?: Date;
  /** The asking request's time left: the provider gets no more (and no more than LOOKUP_TIMEOUT_MS). */
  timeLeftMs?: number;
}): Promise<NumberLookupAnswer> {
  const parsed = typeof input.phoneNumber === "string" ? lookupTarget(input.phoneNumber) : input.phoneNumber;
  const e164 = parsed.number;
  const country = parsed.country ?? null;
  const catalogue = await networkCatalogue();
  const allocated = country ? allocatedNetwork(catalogue, country, parsed.nationalNumber) : null;
  // A number no numbering plan allows is not worth a provider's call; the sandbox answers its own numbers whatever
  // libphonenumber thinks of them (they are documented as what they stand for).
  const planValid = asksProvider(parsed);
  const ask = planValid || (input.mode === "test" && e164 in SANDBOX_LOOKUPS);
  const known = ask ? await providerAnswer(e164, input.mode, input.now ?? new Date(), input.timeLeftMs) : null;
  const valid = known && "ok" in known ? known.valid : planValid;
  const base = {
    phone_number: e164,
    valid,
    country,
    calling_code: `+${parsed.countryCallingCode}`,
    national_format: parsed.formatNational(),
    allocated_network: allocated ? networkAnswer(allocated) : null,
  };
  const planType = lineTypeFromPlan(planValid ? parsed.getType() : undefined);
  if (!known || "fallback" in known)
    return {
      ...base,
      line_type: planType,
      // A number no plan allows is on no network.
      current_network: allocated && valid ? currentFrom(allocated) : null,
      ported: false,
      source: "prefix",
      fallback: known?.fallback ?? null,
    };
  const onNetwork = country && known.mcc && known.mnc ? networkByCode(catalogue, country, known.mcc, known.mnc) : null;
  const current: CurrentNetwork | null = !valid
    ? null
    : onNetwork
      ? currentFrom(onNetwork, known.mnc)
      : known.carrierName
        ? { network: null, name: known.carrierName, mcc: known.mcc, mnc: known.mnc }
        : null;
  return {
    ...base,
    line_type: lineTypeFromProvider(known.lineType) ?? planType,
    current_network: current,
    // Moved: the provider names a network of the country other than the one the range was allocated to.
    ported: Boolean(allocated && onNetwork && onNetwork.id !== allocated.id),
    source: "provider",
    fallback: null,
  };
}

/** `mnc`: the one the provider gave (a merged network has several), else the network's own. */
function currentFrom(network: MobileNetwork, mnc?: string | null): CurrentNetwork {
  return { network: network.slug, name: network.name, mcc: network.mcc, mnc: mnc ?? network.mncs[0] ?? null };
}

/** The provider's answer (the sandbox's for test keys), kept or fresh; or why there is none. */
async function providerAnswer(
  e164: string,
  mode: "test" | "live",
  now: Date,
  timeLeftMs: number | undefined,
): Promise<Known | { fallback: LookupFallback } | null> {
  if (mode === "test") {
    const sandbox = SANDBOX_LOOKUPS[e164];
    return sandbox?.answer ?? null;
  }
  const provider = lookupProvider();
  if (!provider) return { fallback: "no_provider" };
  const keptFor = config().LOOKUP_CACHE_HOURS * 3_600_000;
  if (keptFor > 0) {
    const kept = await db().numberLookup.findUnique({ where: { phoneNumber: e164 } });
    if (kept && now.getTime() - kept.lookedUpAt.getTime() < keptFor)
      return {
        ok: true,
        valid: true,
        lineType: kept.lineType as Known["lineType"],
        mcc: kept.mcc,
        mnc: kept.mnc,
        carrierName: kept.carrierName,
      };
  }
  const answer = await providerCalls(() => provider.lookup(e164, timeLeftMs));
  if (!answer.ok) return { fallback: `provider_${answer.reason}` };
  // Only a number the provider knows is kept: "no such number" is asked again next time.
  if (!answer.valid) return answer;
  const row = {
    mcc: answer.mcc,
    mnc: answer.mnc,
    carrierName: answer.carrierName,
    lineType: answer.lineType,
    lookedUpAt: now,
  };
  await db().numberLookup.upsert({ where: { phoneNumber: e164 }, create: { phoneNumber: e164, ...row }, update: row });
  return answer;
}
