// A Reloadly-compatible airtime API: OAuth 2.0 client credentials
// (POST {auth}/oauth/token with client_id, client_secret, grant_type and the
// API as audience), then Bearer calls with Accept:
// application/com.reloadly.topups-v1+json: GET /operators/{id},
// GET /operators/auto-detect/phone/{phone}/countries/{iso},
// GET /operators/countries/{iso}, POST /topups (useLocalAmount, our reference as
// customIdentifier), GET /topups/reports/transactions?customIdentifier= for
// reconciliation. Errors come as 4xx {errorCode, message}.
import { requestUpstream, type UpstreamResponse } from "../upstream-http";
import {
  ProviderDegraded,
  PurchaseDeclined,
  type AirtimeProvider,
  type AirtimeTopup,
  type LookupOutcome,
  type Operator,
  type PurchaseOutcome,
} from "./topup-provider";

export type ReloadlyConfig = {
  authUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
};
const ACCEPT = "application/com.reloadly.topups-v1+json";

type ReloadlyOperator = {
  id?: number;
  operatorId?: number;
  name: string;
  country?: { isoName?: string };
  destinationCurrencyCode?: string;
  fx?: { rate?: number };
  denominationType?: string;
  localMinAmount?: number | null;
  localMaxAmount?: number | null;
  localFixedAmounts?: number[];
};

export function reloadlyProvider(config: ReloadlyConfig): AirtimeProvider {
  let token: { value: string; expires: number } | undefined;

  async function accessToken(force = false): Promise<string> {
    if (!force && token && token.expires > Date.now()) return token.value;
    const res = await requestUpstream("POST", `${config.authUrl}/oauth/token`, {
      body: {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: "client_credentials",
        audience: config.apiUrl,
      },
      timeoutMs: config.timeoutMs,
    });
    const body = res.body as { access_token?: string; expires_in?: number } | null;
    if (res.status !== 200 || !body?.access_token)
      throw new ProviderDegraded(`Airtime provider refused our credentials (${res.status})`);
    // Renew a minute early so a token never expires mid-request.
    token = { value: body.access_token, expires: Date.now() + Math.max(60, (body.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  }

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<UpstreamResponse> {
    const send = async (force: boolean) =>
      requestUpstream(method, `${config.apiUrl}${path}`, {
        headers: { authorization: `Bearer ${await accessToken(force)}`, accept: ACCEPT },
        body,
        timeoutMs: config.timeoutMs,
      });
    const first = await send(false);
    // An expired or revoked token: fetch a new one once.
    return first.status === 401 ? send(true) : first;
  }

  function degradedOrDeclined(res: UpstreamResponse): Error {
    const body = res.body as { message?: string; errorCode?: string } | null;
    if (res.status >= 400 && res.status < 500 && res.status !== 401 && res.status !== 403 && res.status !== 429)
      return new PurchaseDeclined(body?.message ?? `Declined (${res.status})`, body?.errorCode);
    return new ProviderDegraded(`Airtime provider answered ${res.status}${body?.message ? `: ${body.message}` : ""}`);
  }

  const list = (res: UpstreamResponse): Operator[] => {
    if (res.status === 404) return [];
    if (res.status !== 200) throw degradedOrDeclined(res);
    const body = res.body as ReloadlyOperator | ReloadlyOperator[];
    return (Array.isArray(body) ? body : [body]).map(toOperator);
  };

  return {
    name: "reloadly",
    operatorsForPhone: async (phone, iso) =>
      list(
        await call(
          "GET",
          `/operators/auto-detect/phone/${encodeURIComponent(phone)}/countries/${iso}?suggestedAmountsMap=false`,
        ),
      ),
    operatorsForCountry: async (iso) => list(await call("GET", `/operators/countries/${iso}`)),
    operator: async (id) => list(await call("GET", `/operators/${id}`))[0] ?? null,
    async topup(order: AirtimeTopup): Promise<PurchaseOutcome> {
      const res = await call("POST", "/topups", {
        operatorId: order.operatorId,
        amount: order.amount,
        useLocalAmount: true,
        customIdentifier: order.reference,
        recipientPhone: { countryCode: order.countryIso, number: order.phone.replace(/^\+/, "") },
      });
      if (res.status !== 200 && res.status !== 201) throw degradedOrDeclined(res);
      const body = res.body as { transactionId?: number; status?: string } | null;
      const status = body?.status ?? "SUCCESSFUL";
      if (status === "FAILED" || status === "REFUNDED")
        throw new PurchaseDeclined(`The operator did not deliver the top-up (${status})`);
      return {
        status: status === "SUCCESSFUL" ? "delivered" : "pending",
        providerReference: body?.transactionId != null ? String(body.transactionId) : null,
      };
    },
    async lookup(reference: string): Promise<LookupOutcome> {
      const res = await call("GET", `/topups/reports/transactions?customIdentifier=${encodeURIComponent(reference)}`);
      if (res.status !== 200) throw degradedOrDeclined(res);
      const tx = (res.body as { content?: { transactionId?: number; status?: string }[] } | null)?.content?.[0];
      if (!tx) return { status: "not_found" };
      const status = tx.status ?? "SUCCESSFUL";
      return {
        status:
          status === "SUCCESSFUL" ? "delivered" : status === "FAILED" || status === "REFUNDED" ? "failed" : "pending",
        providerReference: tx.transactionId != null ? String(tx.transactionId) : null,
      };
    },
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
