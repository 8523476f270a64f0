// The airtime purchase endpoint (SPEC 4.8): `amount` in the operator's
// currency to `phone_number`, on `operatorId` (auto-detected when absent).
// The operator is looked up before any money moves; the account pays the
// amount at the operator's exchange rate plus AIRTIME_MARGIN.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { AppError } from "../../errors/app-error";
import { newTransactionId } from "../../lib/transaction-ids";
import type { ApiCaller } from "../keys/resolve-api-key";
import { airtimeProviderFor, type AirtimeProvider, type Operator } from "../../providers/topups";
import { askProvider } from "./ask-provider";
import type { AirtimePurchaseInput } from "./schemas";
import { runTopup } from "./run-topup";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import type { HandOff } from "../billing/hand-off";
import { config } from "../../config/config";
import { detectOperator } from "./detect-operator";

export type AirtimePlan = {
  phone: string;
  countryIso: string;
  amount: number;
  operator: Operator;
  priceMicros: bigint;
  provider: AirtimeProvider;
};

export async function prepareAirtime(
  input: AirtimePurchaseInput,
  caller: Pick<ApiCaller, "mode">,
): Promise<AirtimePlan> {
  const { amount, operatorId, countryCode: country } = input;
  const phone = parseAirtimePhone(input.phone_number, country);
  const provider = airtimeProviderFor(caller.mode);
  if (!provider)
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "Airtime is not configured on this deployment; nothing was charged",
      context: { service: "airtime" },
    });
  const operator = await askProvider(() =>
    operatorId !== undefined
      ? provider.operator(operatorId)
      : detectOperator(provider, phone, caller.mode).then((o) => o[0] ?? null),
  );
  if (!operator)
    throw new AppError("INVALID_OPERATOR", {
      message:
        operatorId !== undefined ? `No operator ${operatorId}` : `No operator found for ${phone.e164}; pass operatorId`,
      context: { field: "operatorId" },
    });
  if (operator.countryIso && operator.countryIso !== phone.countryIso)
    throw new AppError("INVALID_OPERATOR", {
      message: `Operator ${operator.id} (${operator.name}) serves ${operator.countryIso}, not ${phone.countryIso}`,
      context: { field: "operatorId" },
    });
  const fixed = operator.fixedAmounts.length > 0;
  if (
    fixed
      ? !operator.fixedAmounts.includes(amount)
      : (operator.minAmount !== null && amount < operator.minAmount) ||
        (operator.maxAmount !== null && amount > operator.maxAmount)
  ) {
    const allowed = fixed
      ? `one of ${operator.fixedAmounts.join(", ")}`
      : `between ${operator.minAmount} and ${operator.maxAmount}`;
    throw new AppError("INVALID_AMOUNT", {
      message: `${operator.name} takes amounts ${allowed} ${operator.currency}`,
      context: { field: "amount", currency: operator.currency, min: operator.minAmount, max: operator.maxAmount },
    });
  }
  const margin = config().AIRTIME_MARGIN;
  const priceMicros = BigInt(Math.ceil((amount / operator.fxRate) * (1 + margin) * 1e6));
  return { phone: phone.e164, countryIso: phone.countryIso, amount, operator, priceMicros, provider };
}

export async function purchaseAirtime({
  plan,
  caller,
  idem,
  handOff,
}: {
  plan: AirtimePlan;
  caller: { accountId: string; keyId: string | null; mode: "test" | "live"; actor: string };
  idem?: IdempotencyScope;
  handOff?: HandOff;
}) {
  const now = new Date();
  const topup = {
    id: newTransactionId("airtime"),
    accountId: caller.accountId,
    apiKeyId: caller.keyId,
    actor: caller.actor,
    mode: caller.mode,
    kind: "airtime",
    phoneNumber: plan.phone,
    countryIso: plan.countryIso,
    network: null,
    operatorId: BigInt(plan.operator.id),
    operatorName: plan.operator.name,
    bundleId: null,
    capacityGb: null,
    amount: plan.amount as never,
    amountCurrency: plan.operator.currency,
    priceMicros: plan.priceMicros,
    currency: "USD",
    status: "pending",
    provider: plan.provider.name,
    providerReference: null,
    providerMessage: null,
    reconcileAt: null,
    reconcileAttempts: 0,
    createdAt: now,
    updatedAt: now,
    completedAt: null,
  };
  const reason = `Airtime ${plan.amount} ${plan.operator.currency} ${plan.operator.name} to ${plan.phone}`;
  return runTopup({
    topup,
    reason,
    call: () =>
      plan.provider.topup({
        reference: topup.id,
        operatorId: plan.operator.id,
        amount: plan.amount,
        phone: plan.phone,
        countryIso: plan.countryIso,
      }),
    idem,
    handOff,
  });
}

/** E.164, or a national number when countryCode says where it is. */
export function parseAirtimePhone(raw: string, country: string | undefined): { e164: string; countryIso: string } {
  const parsed = parsePhoneNumberFromString(raw.trim(), country as CountryCode | undefined);
  if (!parsed?.isValid() || !parsed.country || (country && parsed.country !== country)) {
    // A valid number of another country: each field is well-formed, together they disagree.
    const elsewhere = country !== undefined && parsePhoneNumberFromString(raw.trim())?.isValid() === true;
    throw new AppError("INVALID_PHONE_NUMBER", {
      message: `"${raw}" is not a valid phone number${country ? ` in ${country}` : " (use E.164, e.g. +233241234567, or pass countryCode)"}`,
      context: { field: "phone_number", ...(elsewhere ? { conflicts_with: "countryCode" } : {}) },
    });
  }
  return { e164: parsed.number, countryIso: parsed.country };
}
