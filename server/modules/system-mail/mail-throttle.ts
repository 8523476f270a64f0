// Sign-up, verification, reset and invite mails are throttled (docs/decisions.md, "Audit log, system mail and suspension",
// item 6) so Kasa cannot be used to flood someone's inbox or to mail-bomb
// from one address. Counted in PostgreSQL (system_mail_sends), so the limits
// hold across web processes. Two requests racing may both pass the last slot:
// a limit off by one under a race is acceptable; one off by thousands is not.
import { db } from "../../db/client";
import { config } from "../../config/config";

export type SystemMailKind = "sign_up" | "email_verification" | "password_reset" | "invite" | "new_device";

type Limit = { per: "recipient" | "ip" | "account"; max: number; windowMinutes: number };

export const SYSTEM_MAIL_LIMITS: Record<SystemMailKind, Limit[]> = {
  sign_up: [{ per: "ip", max: 10, windowMinutes: 60 }],
  email_verification: [
    { per: "recipient", max: 5, windowMinutes: 60 },
    { per: "ip", max: 20, windowMinutes: 60 },
  ],
  password_reset: [
    { per: "recipient", max: 5, windowMinutes: 60 },
    { per: "ip", max: 20, windowMinutes: 60 },
  ],
  invite: [
    { per: "recipient", max: 5, windowMinutes: 24 * 60 },
    { per: "account", max: 50, windowMinutes: 24 * 60 },
  ],
  new_device: [{ per: "recipient", max: 10, windowMinutes: 60 }],
};

/**
 * KASA_NETWORK_MAIL_LIMIT replaces every per-network-address limit: a
 * deployment whose users share one address (an office behind NAT, or a test
 * suite on 127.0.0.1) raises it.
 */
function maxFor(limit: Limit): number {
  const override = config().KASA_NETWORK_MAIL_LIMIT;
  return limit.per === "ip" && override !== undefined ? override : limit.max;
}

export type MailSlot = { ok: true } | { ok: false; retryAfterS: number; limit: number };

/** Takes one slot for this mail, or says how long until one frees up. */
export async function claimMailSlot(
  kind: SystemMailKind,
  who: { recipient: string; ip?: string | null; accountId?: string | null },
): Promise<MailSlot> {
  for (const limit of SYSTEM_MAIL_LIMITS[kind]) {
    const value = limit.per === "recipient" ? who.recipient : limit.per === "ip" ? who.ip : who.accountId;
    if (!value) continue;
    const column = limit.per === "recipient" ? "recipient" : limit.per === "ip" ? "ip" : "account_id";
    const [row] = await db().$queryRawUnsafe<{ used: number; oldest: Date | null }[]>(
      `SELECT count(*)::int AS used, min(sent_at) AS oldest FROM system_mail_sends
        WHERE kind = $1 AND ${column} = $2 AND sent_at > now() - make_interval(mins => $3)`,
      kind,
      value,
      limit.windowMinutes,
    );
    if (row!.used >= maxFor(limit)) {
      const freeAt = row!.oldest!.getTime() + limit.windowMinutes * 60_000;
      return { ok: false, retryAfterS: Math.max(1, (freeAt - Date.now()) / 1000), limit: maxFor(limit) };
    }
  }
  await db().systemMailSend.create({
    data: { kind, recipient: who.recipient, ip: who.ip ?? null, accountId: who.accountId ?? null },
  });
  return { ok: true };
}

/** The longest window is a day; older rows are deleted in bounded batches by the worker. */
export async function purgeSystemMailSends(limit = 10_000): Promise<number> {
  return db().$executeRaw`
    DELETE FROM system_mail_sends WHERE id IN (
      SELECT id FROM system_mail_sends WHERE sent_at < now() - interval '2 days' ORDER BY sent_at LIMIT ${limit})`;
}
