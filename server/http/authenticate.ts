import { createHash } from "node:crypto";
import { AppError } from "../errors/app-error";
import { resolveApiKey, type ApiCaller } from "../modules/keys/resolve-api-key";
import { emailUnverified, missingPermission } from "../modules/keys/key-refusals";
import type { Scope } from "../modules/keys/scopes";
import { contactSupport } from "../config/support-contact";

/** The key from `Authorization: Bearer <key>` or the legacy `X-API-Key` (SPEC 5.1). */
export function keyFromHeaders(headers: Headers): string | null {
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match ? match[1]! : null;
  }
  return headers.get("x-api-key")?.trim() || null;
}

/** A short, one-way name for the key a request carries (admission counts per key without keeping keys). */
export function keyFingerprint(headers: Headers): string | null {
  const key = keyFromHeaders(headers);
  return key ? createHash("sha256").update(key).digest("hex").slice(0, 16) : null;
}

/** SPEC 5: who is calling, from the headers alone, before the body is read; 401 for no or a bad key. */
export async function identifyCaller(headers: Headers): Promise<ApiCaller> {
  const key = keyFromHeaders(headers);
  if (!key)
    throw new AppError("UNAUTHORIZED", { message: "Missing or malformed API key: send Authorization: Bearer <key>" });
  const caller = await resolveApiKey(key);
  if (!caller) throw new AppError("UNAUTHORIZED", { message: "Invalid API key" });
  return caller;
}

/**
 * SPEC 5: whether a known caller may do this: 403 for a suspended account or a
 * missing scope; and a live key waits until an owner has verified their email
 * (test keys work meanwhile).
 */
export function authorize(caller: ApiCaller, scope: Scope | undefined): void {
  if (caller.accountStatus !== "active")
    throw new AppError("ACCOUNT_SUSPENDED", { message: `This account is suspended; ${contactSupport()}` });
  if (caller.mode === "live" && !caller.ownerEmailVerified) throw emailUnverified();
  if (scope && !caller.scopes.includes(scope)) throw missingPermission(scope, caller.scopes);
}
