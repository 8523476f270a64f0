// A sign-in becomes a row. The session cookie's JWT (signed with the auth
// secret, so no client can make one) carries the row's id; ending the row ends
// the session at its next request.
import { db } from "../../../db/client";
import { newId } from "../../../lib/ids";

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;

/** Starts a session for the person; returns its id, for the JWT. */
export async function startSession(input: {
  userId: string;
  userAgent?: string | null;
  ip?: string | null;
}): Promise<string> {
  const session = await db().userSession.create({
    data: {
      id: newId("ses"),
      userId: input.userId,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip ?? null,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    },
  });
  return session.id;
}
