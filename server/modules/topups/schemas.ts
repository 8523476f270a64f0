// The inputs of the top-up use cases, one schema each (API, dashboard and
// OpenAPI document), then what the endpoints answer. SPEC gives each field's bad value its own code; SPEC's
// MISSING_FIELD list names phone_number, network and capacity_gb when absent.
import { z } from "zod";
import { idempotencyKeyInput } from "../idempotency/idempotency-key-input";
import { answersWith } from "../../errors/field-codes";
import { NETWORKS } from "./networks";
import { anyCase, E164_DOCUMENTED } from "../../lib/string-formats";
import { typeError } from "../../errors/type-error";
import { loose, price, timestamp } from "../../lib/response-parts";
import { TOPUP_KINDS, TOPUP_STATUSES } from "./topup-view";

const network = answersWith(
  z
    .string({ error: `network must be one of ${NETWORKS.join(", ")} (any case)` })
    // Said in the document as a pattern (any case, spaces around allowed); the enum below is what is checked.
    .meta({ pattern: `^\\s*(${NETWORKS.map(anyCase).join("|")})\\s*$` })
    .trim()
    .toLowerCase()
    .pipe(z.enum(NETWORKS, { error: `network must be one of ${NETWORKS.join(", ")} (any case)` }))
    .describe(`${NETWORKS.join(", ")}; any case`),
  { code: "INVALID_NETWORK", absentIsMissingField: true, context: { allowed: NETWORKS } },
);
const idempotencyKey = idempotencyKeyInput;
/** What parseGhanaMobile takes, spaces and dashes aside: 0 and 9 digits, or 233 / +233 and 9 digits. */
const GHANA_MOBILE_PATTERN = "^(?:0|\\+?233)[0-9]{9}$";

/** A number, or a string of digits (form posts and spreadsheets send strings). */
const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

export const dataPurchaseInput = z.object({
  phone_number: answersWith(
    z
      .string({ error: typeError("phone_number must be a Ghanaian mobile number as a string") })
      .max(20)
      // Said in the document; parseGhanaMobile is what is checked, the 0XX prefix against the networks' ranges.
      .meta({ pattern: GHANA_MOBILE_PATTERN })
      .describe(
        "Local 10 digits with the leading 0 (0241234567), or +233 (+233241234567); the 0XX prefix must be a mobile network's, and the number on one Kasa sells bundles on (INVALID_PHONE)",
      ),
    { code: "INVALID_PHONE", absentIsMissingField: true, context: { field: "phone_number" } },
  ),
  network: network,
  capacity_gb: numeric.describe("A capacity from GET /api/v1/data/bundles"),
  idempotency_key: idempotencyKey.optional(),
});
export type DataPurchaseInput = z.infer<typeof dataPurchaseInput>;

const OPERATOR_MESSAGE = "operatorId must be a positive whole number (see the operators endpoint)";
// The limits on the input's side of the pipe, where the document reads them: a positive number, or a string of one.
const AMOUNT_MESSAGE = "amount must be a positive number in the operator's currency";
const positiveAmount = z.union(
  [
    z.number().positive(AMOUNT_MESSAGE),
    z
      .string()
      .trim()
      .regex(/^(?:\d*[1-9]\d*(?:\.\d+)?|\d+\.\d*[1-9]\d*)$/, AMOUNT_MESSAGE)
      .transform(Number),
  ],
  { error: AMOUNT_MESSAGE },
);

export const airtimePurchaseInput = z.object({
  phone_number: answersWith(
    z
      .string({ error: typeError("phone_number must be a phone number as a string") })
      .max(20)
      // E.164 is what the document promises; a national number is also taken when countryCode says where it is.
      .meta(E164_DOCUMENTED)
      .describe("E.164, valid in its country's numbering plan; a national number is also accepted with countryCode"),
    {
      code: "INVALID_PHONE_NUMBER",
      missing: "phone_number is required (E.164, e.g. +233241234567)",
      context: { field: "phone_number" },
    },
  ),
  amount: answersWith(positiveAmount.describe("In the operator's currency, within its range"), {
    code: "INVALID_AMOUNT",
    missing: "amount must be a positive number in the operator's currency",
    context: { field: "amount" },
  }),
  operatorId: answersWith(
    z
      .union(
        [
          z.number().int().positive(OPERATOR_MESSAGE),
          z
            .string()
            .trim()
            .regex(/^0*[1-9]\d*$/, OPERATOR_MESSAGE)
            .transform(Number),
        ],
        { error: OPERATOR_MESSAGE },
      )
      .optional()
      .describe("From GET /api/v1/airtime/operators; detected from the number when omitted"),
    { code: "INVALID_OPERATOR", context: { field: "operatorId" } },
  ),
  countryCode: answersWith(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, "countryCode must be an ISO 3166-1 alpha-2 code, e.g. GH")
      .transform((c) => c.toUpperCase())
      .optional()
      .describe("ISO 3166-1 alpha-2, e.g. GH"),
    { code: "INVALID_COUNTRY", context: { field: "countryCode" } },
  ),
  idempotency_key: idempotencyKey.optional(),
});
export type AirtimePurchaseInput = z.infer<typeof airtimePurchaseInput>;

export const bundlesInput = z.object({ network: network.optional() });
export const operatorsInput = z.object({
  phone_number: z
    .string()
    .max(20)
    .meta(E164_DOCUMENTED)
    .optional()
    .describe("E.164; a national number is also accepted with countryCode"),
  countryCode: airtimePurchaseInput.shape.countryCode,
});

// What the top-up endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
export const topup = loose({
  transaction_id: z.string().describe("data_<token>_<token> or airtime_<token>_<token>"),
  type: z.enum(TOPUP_KINDS),
  status: z.enum(TOPUP_STATUSES),
  phone_number: z.string(),
  country: z.string(),
  network: z.string().nullable().optional(),
  capacity_gb: z.number().nullable().optional(),
  bundle_id: z.string().nullable().optional(),
  operator_id: z.number().nullable().optional(),
  operator_name: z.string().nullable().optional(),
  amount: z.number().nullable().optional(),
  amount_currency: z.string().nullable().optional(),
  price,
  provider_reference: z.string().nullable(),
  provider_message: z.string().nullable(),
  created_at: timestamp,
  completed_at: timestamp.nullable(),
});
export const topupStatus = topup.extend({
  history: z.array(loose({ status: z.string().optional(), event: z.string().optional(), at: timestamp })),
});
export const bundles = z.object({
  bundles: z.array(
    z.object({
      id: z.string(),
      network: z.enum(NETWORKS),
      capacity_gb: z.number(),
      validity_days: z.number().int(),
      price,
    }),
  ),
  total: z.number().int(),
});
export const operators = z.object({
  detected_from: z.string().nullable(),
  country: z.string().nullable().optional(),
  operators: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      country: z.string(),
      currency: z.string(),
      min_amount: z.number().nullable(),
      max_amount: z.number().nullable(),
      fixed_amounts: z.array(z.number()),
      fx_rate_per_usd: z.number(),
    }),
  ),
});
