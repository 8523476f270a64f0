// Following the reset link: a new password, every session ended (whoever
// knew the old password is out), and the address counts as verified, since
// the link proved it.
import { db } from "../../../db/client";
import { AppError } from "../../../errors/app-error";
import { hashPassword, passwordWeakness } from "../password";
import { consumeUserToken } from "../tokens/user-tokens";
import { endAllSessions } from "../sessions/end-sessions";
import { retireOpenLinks } from "./retire-open-links";

export async function resetPassword(input: { token: string; password: string }): Promise<{ email: string }> {
  // A weak password is refused before the link is spent: the person can try again with the same link.
  const weakness = passwordWeakness(input.password);
  if (weakness) throw new AppError("INVALID_REQUEST", { message: weakness, context: { field: "password" } });
  const passwordHash = await hashPassword(input.password);
  const user = await db().$transaction(async (tx) => {
    const userId = await consumeUserToken({ tx, token: input.token, purpose: "password_reset" });
    const current = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { emailVerifiedAt: true } });
    return tx.user.update({
      where: { id: userId },
      data: { passwordHash, emailVerifiedAt: current.emailVerifiedAt ?? new Date() },
      select: { id: true, email: true },
    });
  });
  await endAllSessions({ userId: user.id, reason: "password_reset" });
  await retireOpenLinks(user.id);
  return { email: user.email };
}
