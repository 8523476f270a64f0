// A number's line type in the API's words, from libphonenumber's numbering plans or from the lookup provider
// (which knows a ported or reassigned number better than a plan does).
import type { NumberType } from "libphonenumber-js/max";
import type { ProviderLineType } from "../../providers/lookup";

export const LINE_TYPES = [
  "mobile",
  "fixed_line",
  "fixed_line_or_mobile",
  "voip",
  "toll_free",
  "premium_rate",
  "shared_cost",
  "personal_number",
  "pager",
  "uan",
  "voicemail",
  "unknown",
] as const;
export type LineType = (typeof LINE_TYPES)[number];

export function lineTypeFromPlan(type: NumberType | undefined): LineType {
  const named = type?.toLowerCase();
  return (LINE_TYPES as readonly string[]).includes(named ?? "") ? (named as LineType) : "unknown";
}

const FROM_PROVIDER: Record<ProviderLineType, LineType> = {
  mobile: "mobile",
  landline: "fixed_line",
  fixedVoip: "voip",
  nonFixedVoip: "voip",
  personal: "personal_number",
  tollFree: "toll_free",
  premium: "premium_rate",
  sharedCost: "shared_cost",
  uan: "uan",
  voicemail: "voicemail",
  pager: "pager",
  unknown: "unknown",
};

export function lineTypeFromProvider(type: string | null): LineType | null {
  return type && Object.hasOwn(FROM_PROVIDER, type) ? FROM_PROVIDER[type as ProviderLineType] : null;
}
