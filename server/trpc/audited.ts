import { recordAudit } from "../modules/audit/record-audit";
import { logger } from "../lib/logger";

/**
 * Runs a dashboard change and writes it to the account's audit log under the
 * person who made it. The change has happened by then: a failed audit write
 * is logged, not reported to them as a failed change.
 */
export async function audited<T>(
  who: { user: { id: string }; accountId: string },
  action: string,
  run: () => Promise<T>,
  describe: (result: T) => { target: string; data?: Record<string, unknown> },
): Promise<T> {
  const result = await run();
  await recordAudit({ actor: who.user.id, accountId: who.accountId, action, ...describe(result) }).catch(
    (error: Error) => logger().warn({ err: error.message, action }, "audit write failed"),
  );
  return result;
}
