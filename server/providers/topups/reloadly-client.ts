// Reloadly's Topups API, shared by airtime and data bundles: one account, one
// token, one way to buy and one way to ask what became of a purchase.
//   Token: POST {auth}/oauth/token {client_id, client_secret, grant_type:
//     "client_credentials", audience: the API's own URL} -> {access_token, expires_in}
//   Then Bearer calls with Accept: application/com.reloadly.topups-v1+json:
//   POST /topups {operatorId, amount, useLocalAmount, customIdentifier,
//     recipientPhone: {countryCode, number}} -> {transactionId, status, ...};
//     status SUCCESSFUL, PROCESSING (still with the operator), REFUNDED or
//     FAILED (nothing delivered, nothing debited)
//   GET /topups/reports/transactions?customIdentifier= -> {content: [{transactionId, status}]}
//   Errors: 4xx {timeStamp, message, path, errorCode, infoLink, details}
// As documented in:
//   https://docs.reloadly.com/airtime/top-ups/top-up (token, base URLs, make a top-up)
//   https://raphaelugwu.gitbook.io/airtime/top-ups/top-up-status (the statuses)
//   https://raphaelugwu.gitbook.io/airtime/transactions/get-transaction (customIdentifier filter, content[])
//   https://raphaelugwu.gitbook.io/airtime/airtime-errors/error-codes (errorCode values)
import { requestUpstream, UpstreamNoAnswer, type UpstreamResponse } from "../upstream-http";
import { ProviderDegraded, PurchaseDeclined, type LookupOutcome, type PurchaseOutcome } from "./topup-provider";

export type ReloadlyConfig = {
  authUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs: number;
};
export type ReloadlyTopup = {
  operatorId: number;
  amount: number;
  useLocalAmount: boolean;
  customIdentifier: string;
  recipientPhone: { countryCode: string; number: string };
};
export type ReloadlyClient = {
  get(path: string): Promise<UpstreamResponse>;
  /** Why an answer is not the one wanted: a decline (400 to the customer) or a degraded provider (503). */
  failure(res: UpstreamResponse): Error;
  topup(order: ReloadlyTopup): Promise<PurchaseOutcome>;
  /** What Reloadly recorded under our reference (the customIdentifier). */
  findTopup(reference: string): Promise<LookupOutcome>;
};

type ReportedTopup = { transactionId?: number; status?: string; customIdentifier?: string | null };

const ACCEPT = "application/com.reloadly.topups-v1+json";
// Our own account's trouble, not the purchase's: the customer is refunded with a 503 and may retry later.
const ACCOUNT_TROUBLE = new Set([
  "INSUFFICIENT_BALANCE",
  "MAX_DAILY_TRANSACTION_AMOUNT_REACHED",
  "MAX_DAILY_TRANSACTION_COUNT_REACHED",
  "ACCOUNT_NOT_FOUND",
  "INACTIVE_ACCOUNT",
  "TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT",
]);

export function reloadlyClient(config: ReloadlyConfig): ReloadlyClient {
  let token: { value: string; expires: number } | undefined;

  async function accessToken(force: boolean): Promise<string> {
    if (!force && token && token.expires > Date.now()) return token.value;
    const res = await requestUpstream("POST", `${config.authUrl}/oauth/token`, {
      body: {
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: "client_credentials",
        audience: config.apiUrl,
      },
      timeoutMs: config.timeoutMs,
    }).catch((error: unknown) => {
      // A token request buys nothing: its silence is a degraded provider, never an ambiguous purchase.
      throw error instanceof UpstreamNoAnswer ? new ProviderDegraded(`Reloadly's token: ${error.message}`) : error;
    });
    const body = res.body as { access_token?: string; expires_in?: number } | null;
    if (res.status !== 200 || !body?.access_token)
      throw new ProviderDegraded(`Reloadly refused our credentials (${res.status})`);
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
    // An expired or revoked token is refused before anything happens: fetch a new one once.
    return first.status === 401 ? send(true) : first;
  }

  function failure(res: UpstreamResponse): Error {
    const body = res.body as { message?: string; errorCode?: string } | null;
    const code = body?.errorCode ?? undefined;
    const declined =
      res.status >= 400 &&
      res.status < 500 &&
      ![401, 403, 429].includes(res.status) &&
      !ACCOUNT_TROUBLE.has(code ?? "");
    if (declined) return new PurchaseDeclined(body?.message ?? `Declined (${res.status})`, code);
    return new ProviderDegraded(`Reloadly answered ${res.status}${body?.message ? `: ${body.message}` : ""}`);
  }

  return {
    get: (path) => call("GET", path),
    failure,
    async topup(order) {
      const res = await call("POST", "/topups", order);
      // A gateway that gave up waiting on Reloadly, or Reloadly saying our reference is
      // taken: the top-up may exist, so it is held and reconciled like a silence, never refunded blind.
      if (res.status === 502 || res.status === 504 || /CUSTOM_IDENTIFIER/.test(String(errorCode(res))))
        throw new UpstreamNoAnswer(`Reloadly answered ${res.status} ${errorCode(res) ?? ""}`.trim());
      if (res.status !== 200 && res.status !== 201) throw failure(res);
      const body = res.body as { transactionId?: number; status?: string } | null;
      // An answer without a status proves nothing either way: held and asked about, like PROCESSING.
      const status = body?.status ?? "PROCESSING";
      if (status === "FAILED" || status === "REFUNDED")
        throw new PurchaseDeclined(`The operator did not deliver the top-up (${status})`);
      return {
        status: status === "SUCCESSFUL" ? "delivered" : "pending",
        providerReference: body?.transactionId != null ? String(body.transactionId) : null,
      };
    },
    async findTopup(reference) {
      const res = await call("GET", `/topups/reports/transactions?customIdentifier=${encodeURIComponent(reference)}`);
      if (res.status !== 200) throw failure(res);
      // Matched by reference, not taken first: a filter the API ignored must not settle someone else's top-up.
      const content = (res.body as { content?: ReportedTopup[] } | null)?.content ?? [];
      const tx = content.find((t) => t.customIdentifier === reference);
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

const errorCode = (res: UpstreamResponse) => (res.body as { errorCode?: string } | null)?.errorCode;
