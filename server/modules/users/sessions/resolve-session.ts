// Is the session behind this cookie still alive? Asked on every page and RPC
// (getSessionUser): a session ended elsewhere is refused at the next request.
// `last_seen_at` is written at most once a minute per session.
import { db } from "../../../db/client";

const TOUCH_EVERY_MS = 60_000;

/** The id of the person the session belongs to, or null when it was ended, expired or never existed. */
export async function resolveSession(sessionId: string): Promise<{ userId: string; sessionId: string } | null> {
  const session = await db().userSession.findUnique({
    where: { id: sessionId },
    select: { id: true, userId: true, revokedAt: true, expiresAt: true, lastSeenAt: true },
  });
  if (!session || session.revokedAt || session.expiresAt < new Date()) return null;
  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS)
    await db().userSession.update({ where: { id: session.id }, data: { lastSeenAt: new Date() } });
  return { userId: session.userId, sessionId: session.id };
}
