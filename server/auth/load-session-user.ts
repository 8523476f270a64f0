// Who a person is, as every server check sees them: kept apart from the cookie reading (session-user.ts) so that
// what runs without next-auth (tests, the scale bench) reads people the same way.
import { db } from "../db/client";

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
