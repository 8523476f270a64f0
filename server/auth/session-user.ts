import { getServerSession } from "next-auth";
import { authOptions } from "./options";
import { loadSessionUser, type SessionUser } from "./load-session-user";
import { resolveSession } from "../modules/users/sessions/resolve-session";

/**
 * The person behind the request, read from the signed session cookie and
 * re-checked against the database: the session it names must still be alive
 * (one ended elsewhere is refused at once), a deleted user's cookie stops
 * working, and staff rights are never trusted from the cookie.
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions);
  const id = (session?.user as { id?: string } | undefined)?.id;
  const sid = (session as { sid?: string } | null)?.sid;
  if (!id || !sid) return null;
  const alive = await resolveSession(sid);
  if (!alive || alive.userId !== id) return null;
  const user = await loadSessionUser(id);
  return user ? { ...user, sessionId: sid } : null;
}
