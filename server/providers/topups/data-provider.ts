// The data bundle provider's HTTP API (documented in docs/providers/data-provider.md):
//   POST {base}/v1/purchases  {reference, network, msisdn, bundle_code}  Bearer key
//     201 {reference, status: "delivered" | "pending", provider_reference}
//     4xx {error: {code, message}}: declined; 5xx: degraded
//   GET  {base}/v1/purchases/{reference}
//     200 {reference, status: "delivered" | "pending" | "failed", message}; 404: never received
import { requestUpstream, type UpstreamResponse } from "../upstream-http";
import {
  ProviderDegraded,
  PurchaseDeclined,
  type DataProvider,
  type DataPurchase,
  type LookupOutcome,
  type PurchaseOutcome,
} from "./topup-provider";

export type DataProviderConfig = { baseUrl: string; apiKey: string; timeoutMs: number };

export function httpDataProvider(config: DataProviderConfig): DataProvider {
  const headers = { authorization: `Bearer ${config.apiKey}` };
  const failure = (res: UpstreamResponse) => {
    const error = (res.body as { error?: { code?: string; message?: string } } | null)?.error;
    if (res.status >= 400 && res.status < 500 && ![401, 403, 429].includes(res.status))
      return new PurchaseDeclined(error?.message ?? `Declined (${res.status})`, error?.code);
    return new ProviderDegraded(`Data provider answered ${res.status}${error?.message ? `: ${error.message}` : ""}`);
  };
  return {
    name: "data-provider",
    async purchase(order: DataPurchase): Promise<PurchaseOutcome> {
      const res = await requestUpstream("POST", `${config.baseUrl}/v1/purchases`, {
        headers,
        timeoutMs: config.timeoutMs,
        body: {
          reference: order.reference,
          network: order.network,
          msisdn: order.msisdn,
          bundle_code: order.bundleCode,
        },
      });
      if (res.status !== 201 && res.status !== 200) throw failure(res);
      const body = res.body as { status?: string; provider_reference?: string } | null;
      return {
        status: body?.status === "delivered" ? "delivered" : "pending",
        providerReference: body?.provider_reference ?? null,
      };
    },
    async lookup(reference: string): Promise<LookupOutcome> {
      const res = await requestUpstream("GET", `${config.baseUrl}/v1/purchases/${encodeURIComponent(reference)}`, {
        headers,
        timeoutMs: config.timeoutMs,
      });
      if (res.status === 404) return { status: "not_found" };
      if (res.status !== 200) throw failure(res);
      const body = res.body as { status?: string; message?: string; provider_reference?: string } | null;
      const status = body?.status === "delivered" || body?.status === "failed" ? body.status : "pending";
      return { status, message: body?.message, providerReference: body?.provider_reference ?? null };
    },
  };
}
