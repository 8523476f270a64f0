// The one way to top-up providers: test keys get the sandbox; live keys get
// the configured provider, or none (503 SERVICE_UNAVAILABLE, nothing charged).
//   Reloadly: RELOADLY_CLIENT_ID, RELOADLY_CLIENT_SECRET [, RELOADLY_AUTH_URL, RELOADLY_API_URL]
//     sells airtime, and Ghana data bundles too unless DATA_PROVIDER says otherwise.
//   DATA_PROVIDER: "reloadly" (the default) or "none" (live data answers 503, say for
//     a Reloadly account without Ghana data operators).
//   Both:    TOPUP_TIMEOUT_MS (default 15000)
import { reloadlyClient, type ReloadlyClient } from "./reloadly-client";
import { reloadlyProvider } from "./reloadly";
import { reloadlyDataProvider } from "./reloadly-data";
import { sandboxAirtimeProvider, sandboxDataProvider } from "./sandbox";
import type { AirtimeProvider, DataProvider } from "./topup-provider";
import { config } from "../../config/config";

export * from "./topup-provider";
export { UpstreamNoAnswer, UpstreamUnreachable } from "../upstream-http";
export { SANDBOX_TOPUP_SUFFIXES } from "./sandbox";

const cache = new Map<string, unknown>();
function memo<T>(key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}

/** One client per configuration, so airtime and data share one token. */
function reloadlyFor(): { key: string; client: ReloadlyClient } | null {
  const settings = config();
  if (!settings.RELOADLY_CLIENT_ID || !settings.RELOADLY_CLIENT_SECRET) return null;
  const client = {
    authUrl: settings.RELOADLY_AUTH_URL,
    apiUrl: settings.RELOADLY_API_URL,
    clientId: settings.RELOADLY_CLIENT_ID,
    clientSecret: settings.RELOADLY_CLIENT_SECRET,
    timeoutMs: settings.TOPUP_TIMEOUT_MS,
  };
  const key = JSON.stringify(client);
  return { key, client: memo(`reloadly:${key}`, () => reloadlyClient(client)) };
}

export function airtimeProviderFor(mode: "test" | "live"): AirtimeProvider | null {
  if (mode === "test") return sandboxAirtimeProvider;
  const reloadly = reloadlyFor();
  return reloadly ? memo(`airtime:${reloadly.key}`, () => reloadlyProvider(reloadly.client)) : null;
}

export function dataProviderFor(mode: "test" | "live"): DataProvider | null {
  if (mode === "test") return sandboxDataProvider;
  if (config().DATA_PROVIDER !== "reloadly") return null;
  const reloadly = reloadlyFor();
  return reloadly ? memo(`data:${reloadly.key}`, () => reloadlyDataProvider(reloadly.client)) : null;
}
