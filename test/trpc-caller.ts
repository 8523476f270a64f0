import { appRouter } from "../server/trpc/router";
import { loadSessionUser } from "../server/auth/load-session-user";

/** The dashboard's procedures as this person calls them (null: signed out), with the user read as a request reads it. */
export async function callerFor(userId: string | null, extra: { ip?: string; sessionId?: string } = {}) {
  const user = userId ? await loadSessionUser(userId) : null;
  if (userId && !user) throw new Error(`no user ${userId}`);
  return appRouter.createCaller({
    user: user && { ...user, sessionId: extra.sessionId },
    ip: extra.ip ?? null,
    userAgent: "vitest",
  });
}
