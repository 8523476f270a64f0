// What data bundle and airtime providers speak. Adapters never touch the
// database; the top-up module decides what each outcome means for money.
export type PurchaseOutcome = { status: "delivered" | "pending"; providerReference: string | null; message?: string };
/** What the provider knows of one of our references, for reconciliation. */
export type LookupOutcome = {
  status: "delivered" | "pending" | "failed" | "not_found";
  providerReference?: string | null;
  message?: string;
};

/** The provider refused this purchase (out of stock, invalid bundle, operator rejected): retrying unchanged fails again. */
export class PurchaseDeclined extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
  }
}
/** The provider answered but is not working properly (5xx, throttling, our credentials refused): retry later. */
export class ProviderDegraded extends Error {}

/** A catalogue bundle: providers that sell by size read network, capacity and validity; bundleCode is the row's provider_code. */
export type DataPurchase = {
  reference: string;
  network: string;
  msisdn: string;
  capacityGb: number;
  validityDays: number;
  bundleCode: string;
};
export interface DataProvider {
  readonly name: string;
  purchase(order: DataPurchase): Promise<PurchaseOutcome>;
  /** phone: the recipient, which only the sandbox needs (it keeps no state between processes). */
  lookup(reference: string, phone: string): Promise<LookupOutcome>;
}

export type Operator = {
  id: number;
  name: string;
  countryIso: string;
  /** The currency amounts are given in (the operator's own). */
  currency: string;
  /** Units of `currency` per 1 USD (what the account pays in). */
  fxRate: number;
  minAmount: number | null;
  maxAmount: number | null;
  fixedAmounts: number[];
};
export type AirtimeTopup = { reference: string; operatorId: number; amount: number; phone: string; countryIso: string };
export interface AirtimeProvider {
  readonly name: string;
  operatorsForPhone(phone: string, countryIso: string): Promise<Operator[]>;
  operatorsForCountry(countryIso: string): Promise<Operator[]>;
  operator(id: number): Promise<Operator | null>;
  topup(order: AirtimeTopup): Promise<PurchaseOutcome>;
  /** phone: the recipient, which only the sandbox needs (it keeps no state between processes). */
  lookup(reference: string, phone: string): Promise<LookupOutcome>;
}
