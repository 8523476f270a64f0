// Ending sessions: one (sign out, or "sign out" on a row of the Profile page),
// or all of a person's but the one asking ("sign out everywhere", a password
// change or reset, staff rights taken away). The next request of an ended
// session is refused.
import { db } from "../../../db/client";

/** Ends the session the cookie names (signing out). */
export async function endSessionById(sessionId: string, reason = "signed_out"): Promise<void> {
  await db().userSession.updateMany({
    where: { id: sessionId, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
}

/** Ends one of the person's sessions by id; another person's id changes nothing. */
export async function endSession(input: { userId: string; sessionId: string; reason?: string }): Promise<boolean> {
  const ended = await db().userSession.updateMany({
    where: { id: input.sessionId, userId: input.userId, revokedAt: null },
    data: { revokedAt: new Date(), revokedReason: input.reason ?? "signed_out_elsewhere" },
  });
  return ended.count > 0;
}

/** Ends every session of the person, except `keep` (the session asking, when it stays signed in). */
export async function endAllSessions(input: { userId: string; reason: string; keep?: string }): Promise<number> {
  const ended = await db().userSession.updateMany({
    where: { userId: input.userId, revokedAt: null, ...(input.keep ? { id: { not: input.keep } } : {}) },
    data: { revokedAt: new Date(), revokedReason: input.reason },
  });
  return ended.count;
}
