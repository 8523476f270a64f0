import { getServerSession } from "next-auth";
import { authOptions } from "./options";
import { db } from "../db/client";
import { resolveSession } from "../modules/users/sessions/resolve-session";

export type SessionUser = {
  id: string;
  email: string;
  name: string | null;
  isStaff: boolean;
  /** Whether the address was proven by the emailed link. */
  emailVerified: boolean;
  /** TOTP or a passkey is enrolled; staff without one reach only the enrolment page. */
  hasSecondFactor: boolean;
  /** The session row this request came with (absent for callers made in tests). */
  sessionId?: string;
};

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

/** A person as every server check sees them, read fresh from the database. */
export async function loadSessionUser(id: string): Promise<SessionUser | null> {
  const user = await db().user.findUnique({
    where: { id },
    select: {
      id: true,
      email: true,
      name: true,
      isStaff: true,
      emailVerifiedAt: true,
      totpEnabledAt: true,
      _count: { select: { passkeys: true } },
    },
  });
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isStaff: user.isStaff,
    emailVerified: user.emailVerifiedAt !== null,
    hasSecondFactor: user.totpEnabledAt !== null || user._count.passkeys > 0,
  };
}
