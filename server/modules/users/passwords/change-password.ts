// Changing the password from the Profile page: the current one is asked for
// (and a wrong one counts as a failed sign-in, so a stolen session cannot
// guess it), and every other session is ended.
import { db } from "../../../db/client";
import { AppError } from "../../../errors/app-error";
import { hashPassword, passwordMatches, passwordWeakness } from "../password";
import { assertSignInAllowed, recordSignInFailure } from "../sign-in-throttle";
import { endAllSessions } from "../sessions/end-sessions";

export async function changePassword(input: {
  userId: string;
  currentPassword: string;
  newPassword: string;
  keepSessionId?: string;
  ip: string | null;
}): Promise<{ endedSessions: number }> {
  const user = await db().user.findUniqueOrThrow({
    where: { id: input.userId },
    select: { email: true, passwordHash: true },
  });
  await assertSignInAllowed(user.email, input.ip).catch((error: Error) => {
    throw new AppError("RATE_LIMIT_EXCEEDED", { message: error.message });
  });
  if (!user.passwordHash || !(await passwordMatches(user.passwordHash, input.currentPassword))) {
    await recordSignInFailure(user.email, input.ip);
    throw new AppError("INVALID_REQUEST", {
      message: "The current password is not right",
      context: { field: "currentPassword", reason: "wrong_password" },
    });
  }
  const weakness = passwordWeakness(input.newPassword);
  if (weakness) throw new AppError("INVALID_REQUEST", { message: weakness, context: { field: "newPassword" } });
  await db().user.update({
    where: { id: input.userId },
    data: { passwordHash: await hashPassword(input.newPassword) },
  });
  const endedSessions = await endAllSessions({
    userId: input.userId,
    reason: "password_changed",
    keep: input.keepSessionId,
  });
  return { endedSessions };
}
