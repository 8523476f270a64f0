// The one way to top-up providers: test keys get the sandbox; live keys get
// the configured provider, or none (503 SERVICE_UNAVAILABLE, nothing charged).
//   Airtime: RELOADLY_CLIENT_ID, RELOADLY_CLIENT_SECRET [, RELOADLY_AUTH_URL, RELOADLY_API_URL]
//   Data:    DATA_PROVIDER_URL, DATA_PROVIDER_KEY
//   Both:    TOPUP_TIMEOUT_MS (default 15000)
import { reloadlyProvider } from "./reloadly";
import { httpDataProvider } from "./data-provider";
import { sandboxAirtimeProvider, sandboxDataProvider } from "./sandbox";
import type { AirtimeProvider, DataProvider } from "./topup-provider";

export * from "./topup-provider";
export { UpstreamNoAnswer, UpstreamUnreachable } from "../upstream-http";
export { SANDBOX_TOPUP_SUFFIXES } from "./sandbox";

const cache = new Map<string, unknown>();
function memo<T>(key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}

export function airtimeProviderFor(mode: "test" | "live", env = process.env): AirtimeProvider | null {
  if (mode === "test") return sandboxAirtimeProvider;
  if (!env.RELOADLY_CLIENT_ID || !env.RELOADLY_CLIENT_SECRET) return null;
  const config = {
    authUrl: (env.RELOADLY_AUTH_URL ?? "https://auth.reloadly.com").replace(/\/+$/, ""),
    apiUrl: (env.RELOADLY_API_URL ?? "https://topups.reloadly.com").replace(/\/+$/, ""),
    clientId: env.RELOADLY_CLIENT_ID,
    clientSecret: env.RELOADLY_CLIENT_SECRET,
    timeoutMs: Number(env.TOPUP_TIMEOUT_MS ?? 15_000),
  };
  return memo(`reloadly:${JSON.stringify(config)}`, () => reloadlyProvider(config));
}

export function dataProviderFor(mode: "test" | "live", env = process.env): DataProvider | null {
  if (mode === "test") return sandboxDataProvider;
  if (!env.DATA_PROVIDER_URL || !env.DATA_PROVIDER_KEY) return null;
  const config = {
    baseUrl: env.DATA_PROVIDER_URL.replace(/\/+$/, ""),
    apiKey: env.DATA_PROVIDER_KEY,
    timeoutMs: Number(env.TOPUP_TIMEOUT_MS ?? 15_000),
  };
  return memo(`data:${JSON.stringify(config)}`, () => httpDataProvider(config));
}
