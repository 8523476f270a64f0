import type { Topup } from "../../db/generated/client";
import { oneOf } from "../../lib/one-of";
import { redactInternal } from "../../lib/redact-internal";
import { toAmountNumber } from "../../lib/money";

export const TOPUP_KINDS = ["data", "airtime"] as const;
export const TOPUP_STATUSES = ["pending", "success", "failed"] as const;

/** The public face of a purchase: the 201 answer, the status lookup and the dashboard. */
export function topupView(t: Topup) {
  return {
    transaction_id: t.id,
    type: oneOf(t.kind, TOPUP_KINDS),
    status: oneOf(t.status, TOPUP_STATUSES),
    phone_number: t.phoneNumber,
    country: t.countryIso,
    ...(t.kind === "data"
      ? { network: t.network, capacity_gb: t.capacityGb === null ? null : Number(t.capacityGb), bundle_id: t.bundleId }
      : {
          operator_id: t.operatorId === null ? null : Number(t.operatorId),
          operator_name: t.operatorName,
          amount: t.amount === null ? null : Number(t.amount),
          amount_currency: t.amountCurrency,
        }),
    price: { amount: toAmountNumber(t.priceMicros), currency: t.currency },
    provider_reference: t.providerReference,
    provider_message: redactInternal(t.providerMessage),
    created_at: t.createdAt.toISOString(),
    completed_at: t.completedAt?.toISOString() ?? null,
  };
}

export function topupEventData(t: Topup, status: string) {
  return { ...topupView(t), status, cost: toAmountNumber(t.priceMicros), timestamp: new Date().toISOString() };
}
