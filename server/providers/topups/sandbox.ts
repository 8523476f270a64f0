// Test keys' data and airtime providers: nothing leaves the process. The last
// seven digits of the recipient pick the outcome (README, "Sandbox"):
//   ...0000001 delivered at once            ...0000002 declined
//   ...0000003 pending, delivered when reconciled
//   ...0000004 provider unreachable (502, nothing charged)
//   ...0000005 no answer in time, then found delivered
//   ...0000006 no answer in time, then found never to have happened (refunded)
// Any other number is delivered at once.
import { randomToken } from "../../lib/ids";
import { UpstreamNoAnswer, UpstreamUnreachable } from "../upstream-http";
import {
  PurchaseDeclined,
  type AirtimeProvider,
  type DataProvider,
  type LookupOutcome,
  type Operator,
  type PurchaseOutcome,
} from "./topup-provider";

export const SANDBOX_TOPUP_SUFFIXES = {
  delivered: "0000001",
  declined: "0000002",
  pendingThenDelivered: "0000003",
  providerDown: "0000004",
  noAnswerDelivered: "0000005",
  noAnswerFailed: "0000006",
} as const;

function outcome(phone: string): PurchaseOutcome {
  const suffix = phone.replace(/\D/g, "").slice(-7);
  switch (suffix) {
    case SANDBOX_TOPUP_SUFFIXES.declined:
      throw new PurchaseDeclined("Bundle out of stock for this network (sandbox)", "OUT_OF_STOCK");
    case SANDBOX_TOPUP_SUFFIXES.providerDown:
      throw new UpstreamUnreachable("connect ECONNREFUSED (sandbox)");
    case SANDBOX_TOPUP_SUFFIXES.noAnswerDelivered:
    case SANDBOX_TOPUP_SUFFIXES.noAnswerFailed:
      throw new UpstreamNoAnswer("no answer within 10 s (sandbox)");
    case SANDBOX_TOPUP_SUFFIXES.pendingThenDelivered:
      return { status: "pending", providerReference: `sbx_${randomToken(16)}` };
    default:
      return { status: "delivered", providerReference: `sbx_${randomToken(16)}` };
  }
}

// The sandbox remembers nothing between processes: the recipient decides what a lookup finds.
function lookup(phone: string): LookupOutcome {
  const suffix = phone.replace(/\D/g, "").slice(-7);
  if (suffix === SANDBOX_TOPUP_SUFFIXES.noAnswerFailed) return { status: "not_found" };
  return { status: "delivered", providerReference: `sbx_${randomToken(16)}` };
}

export const sandboxDataProvider: DataProvider = {
  name: "sandbox",
  purchase: async (order) => outcome(order.msisdn),
  lookup: async (_reference, phone) => lookup(phone),
};

const OPERATORS: Operator[] = [
  {
    id: 150,
    name: "MTN Ghana",
    countryIso: "GH",
    currency: "GHS",
    fxRate: 12.5,
    minAmount: 1,
    maxAmount: 1000,
    fixedAmounts: [],
  },
  {
    id: 151,
    name: "Telecel Ghana",
    countryIso: "GH",
    currency: "GHS",
    fxRate: 12.5,
    minAmount: 1,
    maxAmount: 1000,
    fixedAmounts: [],
  },
  {
    id: 152,
    name: "AirtelTigo Ghana",
    countryIso: "GH",
    currency: "GHS",
    fxRate: 12.5,
    minAmount: 1,
    maxAmount: 1000,
    fixedAmounts: [],
  },
  {
    id: 341,
    name: "MTN Nigeria",
    countryIso: "NG",
    currency: "NGN",
    fxRate: 1500,
    minAmount: 50,
    maxAmount: 50000,
    fixedAmounts: [],
  },
  {
    id: 560,
    name: "Safaricom Kenya",
    countryIso: "KE",
    currency: "KES",
    fxRate: 130,
    minAmount: 10,
    maxAmount: 10000,
    fixedAmounts: [],
  },
];
const GH_PREFIX_OPERATOR: Record<string, number> = {
  "24": 150,
  "25": 150,
  "53": 150,
  "54": 150,
  "55": 150,
  "59": 150,
  "20": 151,
  "50": 151,
  "26": 152,
  "27": 152,
  "56": 152,
  "57": 152,
};

export const sandboxAirtimeProvider: AirtimeProvider = {
  name: "sandbox",
  async operatorsForPhone(phone, iso) {
    if (iso === "GH") {
      const id = GH_PREFIX_OPERATOR[phone.replace(/^\+233/, "").slice(0, 2)];
      return OPERATORS.filter((o) => o.id === id);
    }
    return OPERATORS.filter((o) => o.countryIso === iso).slice(0, 1);
  },
  operatorsForCountry: async (iso) => OPERATORS.filter((o) => o.countryIso === iso),
  operator: async (id) => OPERATORS.find((o) => o.id === id) ?? null,
  topup: async (order) => outcome(order.phone),
  lookup: async (_reference, phone) => lookup(phone),
};
