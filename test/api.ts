// Drives /api/v1 over a socket, through the front `npm start` serves
// (test/serve-api.ts), started once per test file in this process.
import { flushRequestLog } from "../server/modules/requestlog/request-log-buffer";
import { createAccount } from "../server/modules/accounts/create-account";
import { creditBalance } from "../server/modules/billing/credit-balance";
import { db } from "../server/db/client";
import { newId } from "../server/lib/ids";
import { uniqueEmail } from "./factories";
import type { PlanId } from "../server/modules/accounts/plans";
import { addDomain } from "../server/modules/domains/add-domain";
import { assertConforms } from "./openapi-conformance";
import { openApiDocument } from "../server/http/openapi/serve-openapi";
import { serveApi, type ServedApi } from "./serve-api";
import { withConfig } from "./config";

let served: Promise<ServedApi> | undefined;

/** The front this file's requests go to (its base URL), started at the first; it ends with the test process. */
export function servedApi(): Promise<ServedApi> {
  served ??= serveApi({ unref: true });
  return served;
}

export type ApiResponse = { status: number; headers: Headers; body: any };

export async function api(
  method: string,
  pathAndQuery: string,
  options: { key?: string; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> } = {},
): Promise<ApiResponse> {
  const url = new URL(pathAndQuery, "http://kasa.test");
  const headers = new Headers(options.headers);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("content-type", "application/json");
  }
  const { base } = await servedApi();
  const response = await fetch(`${base}${url.pathname}${url.search}`, {
    method,
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  const answer = { status: response.status, headers: response.headers, body: await response.json() };
  assertConforms(openApiDocument(), method, url.pathname, answer.status, answer.body);
  return answer;
}

/** An account with both keys, on a plan and with an opening balance in currency units. */
export async function apiCustomer(options: { plan?: PlanId; balance?: number } = {}) {
  const email = uniqueEmail("api");
  const user = await db().user.create({ data: { id: newId("usr"), email, emailVerifiedAt: new Date() } });
  const created = await createAccount({
    ownerUserId: user.id,
    name: email,
    plan: options.plan ?? "enterprise",
    actor: "test",
    liveKey: true,
  });
  if (options.balance)
    await creditBalance({
      accountId: created.account.id,
      amountMicros: BigInt(Math.round(options.balance * 1e6)),
      reason: "test",
      actor: "test",
    });
  return {
    accountId: created.account.id,
    testKey: created.keys.test.key,
    liveKey: created.keys.live.key,
    liveKeyId: created.keys.live.id,
    testKeyId: created.keys.test.id,
  };
}

/** Everything a request could leave behind for an account, besides its request-log line. */
/** An account that can send email: both keys, a balance, and a sender domain support verified (`<label>-<id>.example.com`). */
export async function emailSender(label: string, balance = 1) {
  const c = await apiCustomer({ balance });
  const domain = await addDomain({
    accountId: c.accountId,
    name: `${label}-${c.accountId.slice(5, 13).toLowerCase()}.example.com`,
    verifiedBy: "test",
  });
  return { ...c, domain };
}

export async function footprint(accountId: string) {
  const d = db();
  const [
    account,
    ledger,
    sms,
    events,
    counters,
    idempotency,
    verifications,
    lookups,
    ussdCodes,
    ussdSessions,
    whatsapp,
  ] = await Promise.all([
    d.account.findUniqueOrThrow({ where: { id: accountId }, select: { balanceMicros: true } }),
    d.ledgerEntry.count({ where: { accountId } }),
    d.smsMessage.count({ where: { accountId } }),
    d.event.count({ where: { accountId } }),
    d.rateCounter.findMany({
      where: { accountId },
      select: { service: true, minuteCount: true, dayCount: true, monthCount: true },
    }),
    d.idempotencyKey.count({ where: { accountId } }),
    d.verification.count({ where: { accountId } }),
    d.lookup.count({ where: { accountId } }),
    d.ussdCode.count({ where: { accountId } }),
    d.ussdSession.count({ where: { accountId } }),
    d.whatsappMessage.count({ where: { accountId } }),
  ]);
  // A counter row left at zero (a request that was counted, then given back) counts nothing.
  const counted = counters.filter((c) => c.minuteCount + c.dayCount + c.monthCount > 0);
  return {
    balance: account.balanceMicros,
    ledger,
    sms,
    events,
    counters: counted,
    idempotency,
    verifications,
    lookups,
    ussdCodes,
    ussdSessions,
    whatsapp,
  };
}

export async function requestLogFor(accountId: string) {
  await flushRequestLog();
  return db().requestLog.findMany({ where: { accountId }, orderBy: { id: "asc" } });
}

/** Runs fn with a live Twilio-compatible carrier configured at baseUrl (default: a closed port). */
export function withTwilio<T>(fn: () => Promise<T>, baseUrl = "http://127.0.0.1:9"): Promise<T> {
  return withConfig(
    {
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
      TWILIO_AUTH_TOKEN: "test-auth-token",
      TWILIO_API_BASE_URL: baseUrl,
    },
    fn,
  );
}
