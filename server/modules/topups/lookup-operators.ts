import { AppError } from "../../errors/app-error";
import { airtimeProviderFor, type Operator } from "../../providers/topups";
import type { ApiCaller } from "../keys/resolve-api-key";
import { askProvider } from "./ask-provider";
import { parseAirtimePhone } from "./purchase-airtime";
import { detectOperator } from "./detect-operator";

/** GET /api/v1/airtime/operators: the operator of a phone number (detectOperator), or every operator of a country, with numeric ids. */
export async function lookupOperators(
  input: { phone_number?: string; countryCode?: string },
  caller: Pick<ApiCaller, "mode">,
) {
  const country = input.countryCode;
  if (!input.phone_number && !country) {
    const msg = "Give phone_number (to detect its operator) or countryCode (to list a country's operators)";
    throw new AppError("INVALID_REQUEST", {
      message: msg,
      context: { errors: [{ type: "missing", loc: ["query", "phone_number"], msg }] },
    });
  }
  // The input is checked before the deployment's set-up: a bad number is 400 with any key, never 503 (docs/decisions.md, "Validation and errors").
  const phone = input.phone_number ? parseAirtimePhone(input.phone_number, country) : undefined;
  const provider = airtimeProviderFor(caller.mode);
  if (!provider)
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "Airtime is not configured on this deployment",
      context: { service: "airtime" },
    });
  const operators = await askProvider(() =>
    phone ? detectOperator(provider, phone, caller.mode) : provider.operatorsForCountry(country!),
  );
  return {
    detected_from: phone ? phone.e164 : null,
    country: phone?.countryIso ?? country,
    operators: operators.map(operatorView),
  };
}

function operatorView(o: Operator) {
  return {
    id: o.id,
    name: o.name,
    country: o.countryIso,
    currency: o.currency,
    min_amount: o.minAmount,
    max_amount: o.maxAmount,
    fixed_amounts: o.fixedAmounts,
    fx_rate_per_usd: o.fxRate,
  };
}
