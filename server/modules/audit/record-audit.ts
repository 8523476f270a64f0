import { db, type Tx } from "../../db/client";
import { userInfo } from "node:os";
import { config } from "../../config/config";

export type AuditEntry = {
  actor: string;
  action: string;
  accountId?: string | null;
  target: string;
  reason?: string | null;
  data?: Record<string, unknown>;
};

/** Inside `tx` when given, so an action and its audit row land together or not at all. */
export async function recordAudit(entry: AuditEntry, tx?: Tx): Promise<void> {
  await (tx ?? db()).auditEvent.create({
    data: {
      actor: entry.actor,
      action: entry.action,
      accountId: entry.accountId ?? null,
      target: entry.target,
      reason: entry.reason ?? null,
      data: (entry.data ?? {}) as object,
      bySupport: isSupportActor(entry.actor),
    },
  });
}

/** The operator behind a CLI command, as far as the machine knows. */
export function cliActor(): string {
  let user = config().SUDO_USER ?? config().USER;
  try {
    user ??= userInfo().username;
  } catch {
    user ??= "unknown";
  }
  return `cli:${user}`;
}

/** Kasa's own people (the staff console, the operator CLI): shown to the customer as support. */
export function isSupportActor(actor: string): boolean {
  return actor.startsWith("staff:") || actor.startsWith("cli:");
}
