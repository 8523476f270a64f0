// /api/v1/lookup (docs/decisions.md, "Networks and lookup"): what a number is and the network it is on now. Rate
// limited as its own service; a live answer the provider gave is charged at the price list's lookup price.
import { defineEndpoint } from "./endpoint";
import {
  lookupNumberInput,
  lookupNumbersInput,
  MAX_LOOKUPS_PER_REQUEST,
  numberLookupAnswer,
  numberLookupsAnswer,
} from "../modules/lookup/schemas";
import { lookUpNumbers } from "../modules/lookup/look-up-numbers";
import { SANDBOX_LOOKUPS } from "../modules/lookup/sandbox-lookups";

const RULES = [
  "source provider: the lookup provider answered (Twilio Lookup v2's line type intelligence), now or within the hours its answers are kept; ported is true when it names another network of the country than the range's. source prefix: no provider is configured, or it did not answer in time (fallback says which): current_network is the range's network and ported is false.",
  "Live keys: each distinct number the provider answered is charged the lookup price (ledger entries under the answer's transaction_id); answers from the range alone are free. The balance is checked before the provider is asked: 402 INSUFFICIENT_BALANCE when it does not cover every number that could be charged.",
  `Test keys are free and never call the provider; the sandbox answers ${Object.keys(SANDBOX_LOOKUPS).join(", ")} as documented (an MTN number ported to Telecel, a Telecel number, a fixed line), any other number from its range.`,
];

export const lookupNumberEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/lookup/{phone_number}",
  summary: "Look up a number: validity, formats, line type, the network it was allocated to and the one it is on now",
  auth: "key",
  scope: "lookup:read",
  service: "lookup",
  input: { from: "query", schema: lookupNumberInput },
  docs: {
    response: numberLookupAnswer,
    errors: ["INVALID_PHONE_NUMBER", "INSUFFICIENT_BALANCE"],
    rules: [
      ...RULES,
      "The number goes in the path as it is written (+233241000001) or with its + encoded (%2B233241000001).",
    ],
  },
  execute: async ({ input, caller, deadline }) => {
    const result = await lookUpNumbers([input.phone_number], caller, () => "phone_number", deadline);
    return {
      data: {
        ...result.answers[0]!,
        price: result.price,
        currency: result.currency,
        transaction_id: result.transactionId,
      },
      transactionId: result.transactionId ?? undefined,
    };
  },
});

export const lookupNumbersEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/lookup",
  summary: `Look up 1 to ${MAX_LOOKUPS_PER_REQUEST} numbers at once`,
  auth: "key",
  scope: "lookup:read",
  service: "lookup",
  input: { from: "body", schema: lookupNumbersInput },
  docs: {
    response: numberLookupsAnswer,
    errors: ["INVALID_PHONE_NUMBER", "INSUFFICIENT_BALANCE"],
    rules: [
      ...RULES,
      "Every number is checked first: one that is not E.164 answers 400 INVALID_PHONE_NUMBER naming it (field phone_numbers[i]) and nothing is looked up or charged. One request counts once against the plan's lookup limits.",
    ],
  },
  execute: async ({ input, caller, deadline }) => {
    const result = await lookUpNumbers(input.phone_numbers, caller, (i) => `phone_numbers[${i}]`, deadline);
    return {
      data: {
        lookups: result.answers,
        charged: result.charged,
        price: result.price,
        currency: result.currency,
        transaction_id: result.transactionId,
      },
      transactionId: result.transactionId ?? undefined,
    };
  },
});

export const LOOKUP_ENDPOINTS = [lookupNumberEndpoint, lookupNumbersEndpoint];
