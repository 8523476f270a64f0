import { db } from "../../../db/client";

/**
 * After a password change or reset, whatever the old password opened is shut:
 * sign-ins started with it and not yet completed, and reset links not yet used.
 */
export async function retireOpenLinks(userId: string): Promise<void> {
  const now = new Date();
  await db().$transaction([
    db().authChallenge.updateMany({ where: { userId, purpose: "sign_in", usedAt: null }, data: { usedAt: now } }),
    db().userToken.updateMany({ where: { userId, purpose: "password_reset", usedAt: null }, data: { usedAt: now } }),
  ]);
}
