import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { endAllSessions } from "./sessions/end-sessions";

/** Staff rights taken away: the person is an ordinary user from their next request, every session ended at once. */
export async function revokeStaff(email: string): Promise<{ id: string; email: string; endedSessions: number }> {
  const user = await db().user.findUnique({ where: { email }, select: { id: true, isStaff: true } });
  if (!user?.isStaff) throw new AppError("NOT_FOUND", { message: `No staff user ${email}` });
  await db().user.update({ where: { id: user.id }, data: { isStaff: false } });
  const endedSessions = await endAllSessions({ userId: user.id, reason: "staff_rights_removed" });
  return { id: user.id, email, endedSessions };
}
