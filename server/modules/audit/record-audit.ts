import { db } from "../../db/client";
import { userInfo } from "node:os";

export type AuditEntry = {
  actor: string;
  action: string;
  accountId?: string | null;
  target: string;
  reason?: string | null;
  data?: Record<string, unknown>;
};

export async function recordAudit(entry: AuditEntry): Promise<void> {
  await db().auditEvent.create({
    data: {
      actor: entry.actor,
      action: entry.action,
      accountId: entry.accountId ?? null,
      target: entry.target,
      reason: entry.reason ?? null,
      data: (entry.data ?? {}) as object,
    },
  });
}

/** The operator behind a CLI command, as far as the machine knows. */
export function cliActor(): string {
  let user = process.env.SUDO_USER ?? process.env.USER;
  try {
    user ??= userInfo().username;
  } catch {
    user ??= "unknown";
  }
  return `cli:${user}`;
}
