// The lookup endpoints' inputs and answers (GET /api/v1/lookup/{phone_number}, POST /api/v1/lookup).
import { z } from "zod";
import { answersWith } from "../../errors/field-codes";
import { typeError } from "../../errors/type-error";
import { E164_DOCUMENTED } from "../../lib/string-formats";
import { networkEntry } from "../networks/schemas";
import { LINE_TYPES } from "./line-types";

export const MAX_LOOKUPS_PER_REQUEST = 100;

const phoneNumber = (field: string) =>
  answersWith(
    z
      .string({ error: typeError(`${field} must be a string`) })
      .max(32)
      // Said in the document; lookupTarget is what is checked (libphonenumber: + and a country code).
      .meta(E164_DOCUMENTED)
      .describe("E.164, e.g. +233241234567 (a + and the country code; spaces, dots and dashes are ignored)"),
    { code: "INVALID_PHONE_NUMBER", missing: `${field} is required, in E.164 (+233241234567)` },
  );

export const lookupNumberInput = z.object({ phone_number: phoneNumber("phone_number") });
export type LookupNumberInput = z.infer<typeof lookupNumberInput>;

export const lookupNumbersInput = z.object({
  phone_numbers: z
    .array(phoneNumber("phone_numbers[]"), { error: typeError("phone_numbers must be an array of strings") })
    .min(1, "phone_numbers must hold at least one number")
    .max(MAX_LOOKUPS_PER_REQUEST, `phone_numbers holds at most ${MAX_LOOKUPS_PER_REQUEST} numbers`)
    .describe(`1 to ${MAX_LOOKUPS_PER_REQUEST} numbers in E.164; a number given twice is looked up (and charged) once`),
});
export type LookupNumbersInput = z.infer<typeof lookupNumbersInput>;

const currentNetwork = z
  .object({
    network: z
      .string()
      .nullable()
      .describe("The network's name in the API (as in GET /api/v1/sms/countries); null for one Kasa does not list"),
    name: z.string().describe("The network's name as people know it, or as the provider gave it"),
    mcc: z.string().nullable(),
    mnc: z.string().nullable(),
  })
  .describe("The network the number is on now: the provider's answer, or else the range's network (see source)");

export const numberLookup = z.object({
  phone_number: z.string().describe("The number in E.164"),
  valid: z.boolean().describe("In its country's numbering plan (and, when the provider answered, known to it)"),
  country: z
    .string()
    .nullable()
    .describe("ISO 3166-1 alpha-2; null when the calling code is shared and the number fits no plan"),
  calling_code: z.string().describe('The country calling code, e.g. "+233"'),
  national_format: z.string().describe('As dialled in the country, e.g. "024 100 0001"'),
  line_type: z.enum(LINE_TYPES).describe("From the provider when it answered, else from the numbering plan"),
  allocated_network: networkEntry
    .nullable()
    .describe(
      "The network the number's range was first allocated to; null when Kasa does not list the country's ranges",
    ),
  current_network: currentNetwork.nullable(),
  ported: z.boolean().describe("The provider says the number is on another network of its country than its range's"),
  source: z
    .enum(["provider", "prefix"])
    .describe(
      "provider: the lookup provider answered (now or within the cache's hours); prefix: assumed from the range",
    ),
  fallback: z
    .enum(["no_provider", "provider_timeout", "provider_unreachable", "provider_refused", "provider_no_data"])
    .nullable()
    .describe(
      "Why a live lookup fell back to the range: no provider set, it held past its timeout, was unreachable, refused, or had no data on the line (null when it did not fall back, and for a number no plan allows)",
    ),
});

const charge = {
  price: z.number().describe("What this request cost: the lookup price for each distinct number the provider answered"),
  currency: z.string(),
  transaction_id: z
    .string()
    .nullable()
    .describe("The charge's ledger transaction (lkp_…); null when nothing was charged"),
};

export const numberLookupAnswer = numberLookup.extend(charge);

export const numberLookupsAnswer = z.object({
  lookups: z.array(numberLookup).describe("One per number asked, in the order asked"),
  charged: z.number().int().describe("Distinct numbers charged (answered by the provider, live keys only)"),
  ...charge,
});
