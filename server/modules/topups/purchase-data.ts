// POST /api/v1/data/purchase (SPEC 4.8): a Ghana data bundle. prepareData()
// checks everything before any money moves; purchaseData() charges and buys.
import { AppError } from "../../errors/app-error";
import { newTransactionId } from "../../lib/transaction-ids";
import type { ApiCaller } from "../keys/resolve-api-key";
import { dataProviderFor, type DataProvider } from "../../providers/topups";
import { parseGhanaMobile } from "./ghana-mobile";
import { networkNow } from "./network-now";
import { topupCatalogue, type Bundle } from "./topup-catalogue";
import { NETWORKS, type Network } from "./networks";
import type { DataPurchaseInput } from "./schemas";
import { runTopup } from "./run-topup";
import type { IdempotencyScope } from "../idempotency/idempotency-key";
import type { HandOff } from "../billing/hand-off";

export type DataPlan = {
  phone: { e164: string; local: string };
  network: Network;
  bundle: Bundle;
  provider: DataProvider;
};
const NETWORK_NAMES: Record<Network, string> = { mtn: "MTN", telecel: "Telecel", airteltigo: "AirtelTigo" };

export async function prepareData(input: DataPurchaseInput, caller: Pick<ApiCaller, "mode">): Promise<DataPlan> {
  const network = input.network;
  const phone = await parseGhanaMobile(input.phone_number);
  // The network the number is on now, not the one its prefix was allocated to: numbers move (portability).
  const now = await networkNow(phone.e164, caller.mode);
  const onNetwork = (NETWORKS as readonly string[]).includes(now?.slug ?? "") ? (now!.slug as Network) : null;
  if (!onNetwork)
    throw new AppError("INVALID_PHONE", {
      message: `${phone.local} is on ${now?.name ?? "no network Kasa knows"}, where Kasa sells no data bundles`,
      context: { field: "phone_number" },
    });
  if (onNetwork !== network) {
    const moved = now!.ported
      ? ` now (it moved from ${NETWORK_NAMES[phone.allocated as Network] ?? phone.allocated})`
      : "";
    throw new AppError("INVALID_NETWORK", {
      message: `${phone.local} is on ${NETWORK_NAMES[onNetwork]}${moved}, not ${NETWORK_NAMES[network]}; choose network "${onNetwork}"`,
      // Each field is well-formed; together they disagree, and the answer says with what, and how it knows.
      context: {
        field: "network",
        conflicts_with: "phone_number",
        phone_network: onNetwork,
        phone_network_source: now!.source,
        ported: now!.ported,
        allowed: NETWORKS,
      },
    });
  }
  const capacity = input.capacity_gb;
  const bundles = (await topupCatalogue()).bundles.filter((b) => b.network === network);
  const bundle = bundles.find((b) => b.capacityGb === capacity);
  if (!bundle) {
    const msg = `No ${NETWORK_NAMES[network]} bundle of ${String(input.capacity_gb)} GB; available: ${bundles.map((b) => b.capacityGb).join(", ")} GB`;
    throw new AppError("INVALID_REQUEST", {
      message: msg,
      context: {
        reason: "unknown_bundle",
        errors: [{ type: "unknown_bundle", loc: ["body", "capacity_gb"], msg }],
        available_gb: bundles.map((b) => b.capacityGb),
      },
    });
  }
  const provider = dataProviderFor(caller.mode);
  if (!provider)
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "Data bundles are not configured on this deployment; nothing was charged",
      context: { service: "data" },
    });
  return { phone: { e164: phone.e164, local: phone.local }, network, bundle, provider };
}

export async function purchaseData({
  plan,
  caller,
  idem,
  handOff,
}: {
  plan: DataPlan;
  caller: { accountId: string; keyId: string | null; mode: "test" | "live"; actor: string };
  idem?: IdempotencyScope;
  handOff?: HandOff;
}) {
  const now = new Date();
  const topup = {
    id: newTransactionId("data"),
    accountId: caller.accountId,
    apiKeyId: caller.keyId,
    actor: caller.actor,
    mode: caller.mode,
    kind: "data",
    phoneNumber: plan.phone.e164,
    countryIso: "GH",
    network: plan.network,
    operatorId: null,
    operatorName: null,
    bundleId: plan.bundle.id,
    capacityGb: plan.bundle.capacityGb as never,
    amount: null,
    amountCurrency: null,
    priceMicros: plan.bundle.priceMicros,
    currency: plan.bundle.currency,
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
  const reason = `Data ${plan.bundle.capacityGb} GB ${NETWORK_NAMES[plan.network]} to ${plan.phone.local}`;
  return runTopup({
    topup,
    reason,
    call: () =>
      plan.provider.purchase({
        reference: topup.id,
        network: plan.network,
        msisdn: plan.phone.e164.slice(1),
        capacityGb: plan.bundle.capacityGb,
        validityDays: plan.bundle.validityDays,
        bundleCode: plan.bundle.providerCode,
      }),
    idem,
    handOff,
  });
}
