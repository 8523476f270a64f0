import { db } from "../../db/client";

/** The Team page: members, and invites still open (expired ones show as such until re-sent or revoked). */
export async function listTeam(accountId: string) {
  const [members, invites] = await Promise.all([
    db().membership.findMany({
      where: { accountId },
      select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
      orderBy: { createdAt: "asc" },
    }),
    db().accountInvite.findMany({
      where: { accountId, acceptedAt: null, revokedAt: null },
      select: { id: true, email: true, role: true, createdAt: true, lastSentAt: true, expiresAt: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  const now = new Date();
  return {
    members: members.map((m) => ({
      userId: m.user.id,
      email: m.user.email,
      name: m.user.name,
      role: m.role,
      joinedAt: m.createdAt,
    })),
    invites: invites.map((i) => ({ ...i, expired: i.expiresAt <= now })),
  };
}
