import { db } from "../../../db/client";

/** The person's live sessions, newest first, the one asking marked: what the Profile page lists. */
export async function listSessions(input: { userId: string; currentSessionId: string | null }) {
  const rows = await db().userSession.findMany({
    where: { userId: input.userId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    take: 50,
    select: { id: true, userAgent: true, ip: true, createdAt: true, lastSeenAt: true },
  });
  return rows.map((s) => ({ ...s, current: s.id === input.currentSessionId }));
}
