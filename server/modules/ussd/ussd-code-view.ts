// A USSD code as the API and the dashboard show it: its secret unsealed for its owner to check signatures with.
import type { UssdCode } from "../../db/generated/client";
import { unseal } from "../../lib/seal";

export function ussdCodeView(row: UssdCode) {
  return {
    id: row.id,
    service_code: row.code,
    mode: row.mode,
    kind: row.kind as "dedicated" | "extension" | "sandbox",
    callback_url: row.callbackUrl,
    timeout_ms: row.timeoutMs,
    failure_text: row.failureText,
    signing_secret: unseal(row.signingSecret),
    created_at: row.createdAt.toISOString(),
  };
}
export type UssdCodeView = ReturnType<typeof ussdCodeView>;
