// The refusals of a key that may not do something, one wording each, wherever a key is checked (the API's
// pipeline, the dashboard's broadcast key).
import { AppError } from "../../errors/app-error";
import type { Scope } from "./scopes";

/** A live key before an owner of its account has proven their email address (docs/decisions.md, "Authentication and API keys"). */
export function emailUnverified(): AppError {
  return new AppError("FORBIDDEN", {
    message: "Live keys work once the account owner verifies their email address; test keys work meanwhile",
    context: { reason: "email_unverified" },
  });
}

/** A key without the scope this needs; `keyScopes`, when given, are said too. */
export function missingPermission(scope: Scope, keyScopes?: string[]): AppError {
  return new AppError("FORBIDDEN", {
    message: `This key lacks the ${scope} permission`,
    context: keyScopes ? { required_permission: scope, key_permissions: keyScopes } : { required_permission: scope },
  });
}
