// Airtime through Reloadly (the wire format and its sources: reloadly-client.ts).
// Operators: GET /operators/{id}, GET /operators/auto-detect/phone/{phone}/countries/{iso},
// GET /operators/countries/{iso}; a top-up is an amount in the operator's own
// currency (useLocalAmount) with our reference as customIdentifier.
// Reloadly lists data and bundle operators beside airtime ones unless told not
// to (includeData, includeBundles; https://raphaelugwu.gitbook.io/airtime/operators/get-operator-by-iso):
// they are data-provider material (reloadly-data.ts), never airtime operators.
import type { UpstreamResponse } from "../upstream-http";
import type { ReloadlyClient } from "./reloadly-client";
import type { AirtimeProvider, AirtimeTopup, Operator } from "./topup-provider";

type ReloadlyOperator = {
  id?: number;
  operatorId?: number;
  name: string;
  data?: boolean;
  bundle?: boolean;
  country?: { isoName?: string };
  destinationCurrencyCode?: string;
  fx?: { rate?: number };
  localMinAmount?: number | null;
  localMaxAmount?: number | null;
  localFixedAmounts?: number[];
};

export function reloadlyProvider(client: ReloadlyClient): AirtimeProvider {
  const list = (res: UpstreamResponse): Operator[] => {
    if (res.status === 404) return [];
    if (res.status !== 200) throw client.failure(res);
    const body = res.body as ReloadlyOperator | ReloadlyOperator[];
    return (Array.isArray(body) ? body : [body]).filter((o) => !o.data && !o.bundle).map(toOperator);
  };

  return {
    name: "reloadly",
    operatorsForPhone: async (phone, iso) =>
      list(
        await client.get(
          `/operators/auto-detect/phone/${encodeURIComponent(phone)}/countries/${iso}?suggestedAmountsMap=false`,
        ),
      ),
    operatorsForCountry: async (iso) =>
      list(await client.get(`/operators/countries/${iso}?includeData=false&includeBundles=false`)),
    operator: async (id) => list(await client.get(`/operators/${id}`))[0] ?? null,
    topup: (order: AirtimeTopup) =>
      client.topup({
        operatorId: order.operatorId,
        amount: order.amount,
        useLocalAmount: true,
        customIdentifier: order.reference,
        recipientPhone: { countryCode: order.countryIso, number: order.phone.replace(/^\+/, "") },
      }),
    lookup: (reference) => client.findTopup(reference),
  };
}

function toOperator(o: ReloadlyOperator): Operator {
  return {
    id: Number(o.operatorId ?? o.id),
    name: o.name,
    countryIso: o.country?.isoName ?? "",
    currency: o.destinationCurrencyCode ?? "USD",
    fxRate: Number(o.fx?.rate ?? 1),
    minAmount: o.localMinAmount ?? null,
    maxAmount: o.localMaxAmount ?? null,
    fixedAmounts: o.localFixedAmounts ?? [],
  };
}
