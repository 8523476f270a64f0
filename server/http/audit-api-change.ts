import { recordAudit } from "../modules/audit/record-audit";
import { logger } from "../lib/logger";
import type { ApiCaller } from "../modules/keys/resolve-api-key";

/**
 * A change made with an API key, in the account's audit log under the key's
 * prefix (never the key). The change has happened: a failed audit write is
 * logged, not turned into an error answer for it.
 */
export async function auditApiChange(
  caller: ApiCaller,
  entry: { action: string; target: string; data?: Record<string, unknown> },
): Promise<void> {
  await recordAudit({ actor: `key:${caller.keyPrefix}`, accountId: caller.accountId, ...entry }).catch((error: Error) =>
    logger().warn({ err: error.message, action: entry.action }, "audit write failed"),
  );
}
