// The Ghana operators the fake Reloadly lists, shaped as Reloadly's operator
// documents are (https://raphaelugwu.gitbook.io/airtime/operators/get-operator-by-iso):
// airtime operators (RANGE), and data operators flagged `data` with FIXED
// amounts whose descriptions are keyed by the amount as written ("20.00"),
// each described its own way, as real menus are.
const GHANA = { isoName: "GH", name: "Ghana" };
const FX = { rate: 12.5, currencyCode: "GHS" };

export type FakeOperator = {
  id: number;
  operatorId: number;
  name: string;
  bundle: boolean;
  data: boolean;
  pin: boolean;
  supportsLocalAmounts: boolean;
  country: { isoName: string; name: string };
  destinationCurrencyCode: string;
  senderCurrencyCode: string;
  fx: { rate: number; currencyCode: string };
  denominationType: "RANGE" | "FIXED";
  localMinAmount: number | null;
  localMaxAmount: number | null;
  fixedAmounts: number[];
  fixedAmountsDescriptions: Record<string, string> | [];
  localFixedAmounts: number[];
  localFixedAmountsDescriptions: Record<string, string> | [];
};

function airtime(id: number, name: string): FakeOperator {
  return {
    id,
    operatorId: id,
    name,
    bundle: false,
    data: false,
    pin: false,
    supportsLocalAmounts: true,
    country: GHANA,
    destinationCurrencyCode: "GHS",
    senderCurrencyCode: "USD",
    fx: FX,
    denominationType: "RANGE",
    localMinAmount: 1,
    localMaxAmount: 500,
    fixedAmounts: [],
    fixedAmountsDescriptions: [],
    localFixedAmounts: [],
    localFixedAmountsDescriptions: [],
  };
}

/** plans: [amount, description]; local: amounts in cedis (useLocalAmount), else in the account's USD. */
function data(id: number, name: string, plans: [number, string][], local = true): FakeOperator {
  const usd = (ghs: number) => Math.round((ghs / FX.rate) * 100) / 100;
  const described = (pairs: [number, string][]): FakeOperator["fixedAmountsDescriptions"] =>
    pairs.length ? Object.fromEntries(pairs.map(([amount, text]) => [amount.toFixed(2), text])) : [];
  const intl: [number, string][] = local ? plans.map(([ghs, text]) => [usd(ghs), text]) : plans;
  return {
    ...airtime(id, name),
    data: true,
    supportsLocalAmounts: local,
    denominationType: "FIXED",
    localMinAmount: null,
    localMaxAmount: null,
    fixedAmounts: intl.map(([amount]) => amount),
    fixedAmountsDescriptions: described(intl),
    localFixedAmounts: local ? plans.map(([amount]) => amount) : [],
    localFixedAmountsDescriptions: local ? described(plans) : [],
  };
}

export function ghanaOperators(): FakeOperator[] {
  return [
    airtime(150, "MTN Ghana"),
    airtime(151, "Telecel Ghana"),
    // No 20 GB: Kasa's catalogue lists one that Reloadly does not sell.
    data(643, "MTN Ghana Data", [
      [5, "1GB valid for 1 day"],
      [11, "1GB valid for 30 days"],
      [14, "2GB valid for 1 day"],
      [17, "1.5GB valid for 30 days"],
      [20, "2GB valid for 30 days"],
      [50, "5GB valid for 30 days"],
      [95, "10GB valid for 30 days"],
    ]),
    data(644, "Vodafone Ghana Data", [
      [10, "Data Bundle 1024MB Monthly"],
      [19, "Data Bundle 2048MB Monthly"],
      [45, "Data Bundle 5120MB Monthly"],
      [90, "Data Bundle 10240MB Monthly"],
      // Words no parser reads: sold only to a data_bundles row that pins it (provider_code "reloadly:644:25").
      [25, "Telecel Night & Day Special"],
    ]),
    // Sold in the account's currency only, with no words for local amounts.
    data(
      645,
      "AirtelTigo Ghana Data",
      [
        [0.9, "AT Bigtime 1GB, 30 Days"],
        [1.7, "AT Bigtime 2GB, 30 Days"],
        [4, "AT Bigtime 5GB, 30 Days"],
      ],
      false,
    ),
    data(646, "Glo Ghana Data", [[10, "1GB valid for 30 days"]]),
  ];
}
