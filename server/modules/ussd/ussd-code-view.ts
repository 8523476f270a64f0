// A USSD code as the API and the dashboard show it: its secret unsealed for its owner to check signatures with.
import type { UssdCode } from "../../db/generated/client";
import { unseal } from "../../lib/seal";
import { AppError } from "../../errors/app-error";

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

/** A code released between its read and a change to it: gone, as if never found. */
export function releasedMeanwhile(id: string) {
  return (error: { code?: string }): never => {
    if (error.code === "P2025") throw new AppError("NOT_FOUND", { message: `No USSD code ${id} on this account` });
    throw error;
  };
}
