import { getServerSession } from "next-auth";
import { authOptions } from "./options";
import { db } from "../db/client";

export type SessionUser = { id: string; email: string; name: string | null; isStaff: boolean };

/**
 * The person behind the request, read from the signed session cookie and
 * re-checked against the database (a deleted user's cookie stops working,
 * and staff rights are never trusted from the cookie).
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions);
  const id = (session?.user as { id?: string } | undefined)?.id;
  if (!id) return null;
  const user = await db().user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, isStaff: true },
  });
  return user ?? null;
}
