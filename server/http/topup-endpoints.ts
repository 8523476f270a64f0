// Data bundles and airtime (SPEC 4.8): purchase (201), catalogue, operator
// lookup and status. Purchases are idempotent like sends.
import { defineEndpoint } from "./endpoint";
import {
  airtimePurchaseInput,
  bundlesInput,
  dataPurchaseInput,
  operatorsInput,
  bundles,
  operators,
  topup,
  topupStatus,
} from "../modules/topups/schemas";
import { transactionIdInput } from "../modules/messages/schemas";
import { prepareData, purchaseData } from "../modules/topups/purchase-data";
import { prepareAirtime, purchaseAirtime } from "../modules/topups/purchase-airtime";
import { listBundles } from "../modules/topups/list-bundles";
import { lookupOperators } from "../modules/topups/lookup-operators";
import { getTopupStatus } from "../modules/topups/get-topup-status";
import { answerForTopup } from "../modules/topups/answer-for-topup";
import type { ApiCaller } from "../modules/keys/resolve-api-key";

const buyer = (caller: ApiCaller) => ({
  accountId: caller.accountId,
  keyId: caller.keyId,
  mode: caller.mode,
  actor: caller.keyId,
});

export const dataPurchaseEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/data/purchase",
  summary: "Buy a Ghana data bundle",
  docs: {
    status: 201,
    response: topup,
    errors: [
      "INVALID_PHONE",
      "INVALID_NETWORK",
      "INSUFFICIENT_BALANCE",
      "PURCHASE_FAILED",
      "PROVIDER_ERROR",
      "DATA_PURCHASE_FAILED",
      "SERVICE_UNAVAILABLE",
    ],
    rules: [
      "phone_number's 0XX prefix must be a Ghanaian mobile network's (INVALID_PHONE), and network must be the network the number is on now, which a number that moved networks (portability) is not its prefix's: the number lookup's answer (GET /api/v1/lookup/{phone_number}, free here), or its range's when no lookup provider answers in time. A mismatch is INVALID_NETWORK with conflicts_with: phone_number, phone_network (the current one), phone_network_source (provider or prefix) and ported; a number on a network Kasa sells no bundles on is INVALID_PHONE.",
      "capacity_gb must be one GET /api/v1/data/bundles lists for that network (400 INVALID_REQUEST, reason unknown_bundle, with available_gb).",
    ],
  },
  auth: "key",
  scope: "data:purchase",
  service: "data",
  input: { from: "body", schema: dataPurchaseInput },
  idempotency: "data",
  prepare: ({ input, caller }) => prepareData(input, caller),
  execute: async ({ prepared, caller, idempotency, deadline }) => {
    const data = await purchaseData({ plan: prepared, caller: buyer(caller), idem: idempotency, handOff: deadline });
    return { status: 201, data, transactionId: data.transaction_id };
  },
  recover: answerForTopup,
});

export const dataBundlesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/data/bundles",
  summary: "The data bundle catalogue with prices (?network=)",
  docs: { response: bundles, errors: ["INVALID_NETWORK"] },
  auth: "key",
  scope: "data:purchase",
  input: { from: "query", schema: bundlesInput },
  execute: async ({ input }) => ({ data: await listBundles(input) }),
});

export const dataStatusEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/data/status",
  summary: "Look up one data purchase by transaction_id",
  docs: { response: topupStatus, errors: ["NOT_FOUND"] },
  auth: "key",
  scope: "transactions:read",
  input: { from: "query", schema: transactionIdInput },
  execute: async ({ input, caller }) => ({
    data: await getTopupStatus({ input, caller, kind: "data" }),
    transactionId: input.transaction_id,
  }),
});

export const airtimePurchaseEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/airtime/purchase",
  summary: "Send airtime to a phone number",
  docs: {
    status: 201,
    response: topup,
    errors: [
      "INVALID_PHONE_NUMBER",
      "INVALID_AMOUNT",
      "INVALID_OPERATOR",
      "INVALID_COUNTRY",
      "INSUFFICIENT_BALANCE",
      "PURCHASE_FAILED",
      "PROVIDER_ERROR",
      "AIRTIME_PURCHASE_FAILED",
      "SERVICE_UNAVAILABLE",
    ],
    rules: [
      "With countryCode, phone_number may be national, and an E.164 number must be of that country (INVALID_PHONE_NUMBER with conflicts_with: countryCode).",
      "Without operatorId, the operator is the one of the network the number is on now when the lookup provider knows it (a number that moved networks gets its new network's operator), else the airtime provider's own detection.",
      "amount must be within the operator's range and operatorId an operator serving the number's country (GET /api/v1/airtime/operators): INVALID_AMOUNT, INVALID_OPERATOR.",
    ],
  },
  auth: "key",
  scope: "airtime:purchase",
  service: "airtime",
  input: { from: "body", schema: airtimePurchaseInput },
  idempotency: "airtime",
  prepare: ({ input, caller }) => prepareAirtime(input, caller),
  execute: async ({ prepared, caller, idempotency, deadline }) => {
    const data = await purchaseAirtime({ plan: prepared, caller: buyer(caller), idem: idempotency, handOff: deadline });
    return { status: 201, data, transactionId: data.transaction_id };
  },
  recover: answerForTopup,
});

export const airtimeOperatorsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/airtime/operators",
  summary: "Numeric operator ids for a phone number (auto-detect) or a country",
  docs: {
    requireOneOf: ["phone_number", "countryCode"],
    response: operators,
    errors: ["INVALID_PHONE_NUMBER", "INVALID_COUNTRY", "PROVIDER_ERROR", "PURCHASE_FAILED", "SERVICE_UNAVAILABLE"],
  },
  auth: "key",
  scope: "airtime:purchase",
  input: { from: "query", schema: operatorsInput },
  execute: async ({ input, caller }) => ({ data: await lookupOperators(input, caller) }),
});

export const airtimeStatusEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/airtime/status",
  summary: "Look up one airtime purchase by transaction_id",
  docs: { response: topupStatus, errors: ["NOT_FOUND"] },
  auth: "key",
  scope: "transactions:read",
  input: { from: "query", schema: transactionIdInput },
  execute: async ({ input, caller }) => ({
    data: await getTopupStatus({ input, caller, kind: "airtime" }),
    transactionId: input.transaction_id,
  }),
});

export const TOPUP_ENDPOINTS = [
  dataPurchaseEndpoint,
  dataBundlesEndpoint,
  dataStatusEndpoint,
  airtimePurchaseEndpoint,
  airtimeOperatorsEndpoint,
  airtimeStatusEndpoint,
];
