// Changing the password from the Profile page: the current one is asked for
// (and a wrong one counts as a failed sign-in, so a stolen session cannot
// guess it), and every other session is ended.
import { db } from "../../../db/client";
import { AppError, isAppError } from "../../../errors/app-error";
import { hashPassword, passwordWeakness } from "../password";
import { confirmPassword } from "../confirm-password";
import { endAllSessions } from "../sessions/end-sessions";
import { retireOpenLinks } from "./retire-open-links";

export async function changePassword(input: {
  userId: string;
  currentPassword: string;
  newPassword: string;
  keepSessionId?: string;
  ip: string | null;
}): Promise<{ endedSessions: number }> {
  await confirmPassword({ userId: input.userId, password: input.currentPassword, ip: input.ip }).catch(
    (error: Error) => {
      if (isAppError(error) && error.context.reason === "wrong_password")
        throw new AppError("INVALID_REQUEST", {
          message: "The current password is not right",
          context: { field: "currentPassword", reason: "wrong_password" },
        });
      throw error;
    },
  );
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
  await retireOpenLinks(input.userId);
  return { endedSessions };
}
