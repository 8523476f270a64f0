// Reloadly's Ghana data operators read the way Kasa's catalogue is written: a
// network (mtn | telecel | airteltigo) and, for each fixed amount, a capacity
// in GB and a validity in days, parsed from the amount's description.
// Reloadly sells data through separate operators ("MTN Ghana Data", names vary)
// flagged `data` (or `bundle`), FIXED denominations, whose `fixedAmounts`
// (account currency) and `localFixedAmounts` (the operator's) come with
// descriptions keyed by the amount as written ("11.00": "1GB valid for 30 days").
// Sources: https://raphaelugwu.gitbook.io/airtime/operators/get-operator-by-iso (fields),
// https://www.reloadly.com/blog/how-to-make-a-data-top-up-to-an-international-phone-number/
// (a data bundle is a top-up of one of a data operator's fixed amounts).

export type ReloadlyDataOperator = {
  id?: number;
  operatorId?: number;
  name: string;
  data?: boolean;
  bundle?: boolean;
  denominationType?: string;
  supportsLocalAmounts?: boolean;
  destinationCurrencyCode?: string;
  senderCurrencyCode?: string;
  fixedAmounts?: number[] | null;
  fixedAmountsDescriptions?: Record<string, string> | unknown[] | null;
  localFixedAmounts?: number[] | null;
  localFixedAmountsDescriptions?: Record<string, string> | unknown[] | null;
};

export type DataPlan = {
  network: string;
  operatorId: number;
  operatorName: string;
  /** Data operators rank before bundle (combo) ones. */
  dataOperator: boolean;
  amount: number;
  /** The amount is in the operator's currency (sent with useLocalAmount). */
  local: boolean;
  currency: string;
  capacityGb: number | null;
  /** null: not written in the description; Infinity: never expires. */
  validityDays: number | null;
  description: string;
};

/** Names vary (Vodafone became Telecel, AirtelTigo is marketed as AT): match loosely, and never guess a fourth network. */
export function networkOf(operatorName: string): string | null {
  if (/\bmtn\b/i.test(operatorName)) return "mtn";
  if (/\b(telecel|vodafone)\b/i.test(operatorName)) return "telecel";
  if (/airtel\s*-?\s*tigo|\btigo\b|\bairtel\b/i.test(operatorName) || /\bAT\b/.test(operatorName)) return "airteltigo";
  return null;
}

export function plansOf(operator: ReloadlyDataOperator): DataPlan[] {
  const network = networkOf(operator.name);
  if (!network || !(operator.data || operator.bundle) || operator.denominationType !== "FIXED") return [];
  const intl = operator.fixedAmounts ?? [];
  const localAmounts = operator.localFixedAmounts ?? [];
  // Local amounts are the operator's own menu (cedis), unmoved by exchange rates: preferred when offered.
  const local = operator.supportsLocalAmounts !== false && localAmounts.length > 0;
  const amounts = local ? localAmounts : intl;
  const described = byAmount(local ? operator.localFixedAmountsDescriptions : operator.fixedAmountsDescriptions);
  const intlDescribed = byAmount(operator.fixedAmountsDescriptions);
  return amounts.map((amount, i) => {
    // The two lists run in step: a local amount without words borrows its international twin's.
    const description = described.get(Number(amount)) ?? (local ? intlDescribed.get(Number(intl[i])) : undefined) ?? "";
    return {
      network,
      operatorId: Number(operator.operatorId ?? operator.id),
      operatorName: operator.name,
      dataOperator: operator.data === true,
      amount: Number(amount),
      local,
      currency: (local ? operator.destinationCurrencyCode : operator.senderCurrencyCode) ?? "",
      capacityGb: parseCapacityGb(description),
      validityDays: parseValidityDays(description),
      description,
    };
  });
}

function byAmount(descriptions: ReloadlyDataOperator["fixedAmountsDescriptions"]): Map<number, string> {
  // Reloadly writes an empty list, not an empty object, when there is nothing to describe.
  if (!descriptions || Array.isArray(descriptions)) return new Map();
  return new Map(Object.entries(descriptions).map(([amount, text]) => [Number(amount), String(text)]));
}

/** "1.5GB valid for 30 days" -> 1.5; "1024MB" -> 1. Two different sizes ("1GB + 500MB bonus") are not guessed at. */
export function parseCapacityGb(description: string): number | null {
  const sizes = [...description.matchAll(/(\d+(?:[.,]\d+)?)\s*(tb|gb|mb)\b/gi)].map(([, figure, unit]) => {
    const n = Number(/,\d{3}$/.test(figure!) ? figure!.replace(",", "") : figure!.replace(",", "."));
    const gb = unit!.toLowerCase() === "tb" ? n * 1024 : unit!.toLowerCase() === "mb" ? n / 1024 : n;
    return Math.round(gb * 1000) / 1000;
  });
  return sizes.length > 0 && sizes.every((s) => s === sizes[0]) ? sizes[0]! : null;
}

export function parseValidityDays(description: string): number | null {
  if (/\b(no|non)[- ]?expir/i.test(description)) return Infinity;
  const m = /(\d+)\s*-?\s*(hours?|hrs?|days?|weeks?|wks?|months?|mths?)\b/i.exec(description);
  if (m) {
    const unit = m[2]!.toLowerCase();
    const per = unit.startsWith("h") ? 1 / 24 : unit.startsWith("d") ? 1 : unit.startsWith("w") ? 7 : 30;
    return Number(m[1]) * per;
  }
  if (/\bdaily\b/i.test(description)) return 1;
  if (/\bweekly\b/i.test(description)) return 7;
  if (/\bmonthly\b/i.test(description)) return 30;
  return null;
}
