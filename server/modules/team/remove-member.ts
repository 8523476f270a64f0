// An owner removes a member, or a member leaves. The last owner can do
// neither (hand ownership on first). Someone left with no account at all is
// signed out everywhere at once (docs/decisions.md, "Sign-up, passwords and sessions"): nothing is left for
// their sessions to show.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { endAllSessions } from "../users/sessions/end-sessions";
import { assertAnotherOwner, assertStillOwner, lockAccount, memberOrNotFound } from "./owners";

export async function removeMember(input: {
  accountId: string;
  actor: string;
  userId: string;
  /** The actor's own role; only an owner may remove someone else. */
  actorRole: "owner" | "developer" | "viewer";
}): Promise<{ signedOut: boolean }> {
  const leaving = input.actor === input.userId;
  if (!leaving && input.actorRole !== "owner")
    throw new AppError("FORBIDDEN", { message: "This needs the owner role; you are " + input.actorRole });
  const remaining = await db().$transaction(async (tx) => {
    await lockAccount(tx, input.accountId);
    if (!leaving) await assertStillOwner({ tx, accountId: input.accountId, userId: input.actor });
    const member = await memberOrNotFound({ tx, accountId: input.accountId, userId: input.userId });
    if (member.role === "owner")
      await assertAnotherOwner({
        tx,
        accountId: input.accountId,
        userId: input.userId,
        message: leaving
          ? "You are this account's only owner: make someone else owner before you leave"
          : "An account needs at least one owner",
      });
    await tx.membership.delete({ where: { accountId_userId: { accountId: input.accountId, userId: input.userId } } });
    await recordAudit(
      {
        actor: input.actor,
        action: leaving ? "member.left" : "member.removed",
        accountId: input.accountId,
        target: input.userId,
        data: { email: member.user.email, role: member.role },
      },
      tx,
    );
    return tx.membership.count({ where: { userId: input.userId } });
  });
  if (remaining > 0) return { signedOut: false };
  const user = await db().user.findUnique({ where: { id: input.userId }, select: { isStaff: true } });
  if (user?.isStaff) return { signedOut: false };
  await endAllSessions({ userId: input.userId, reason: "removed_from_last_account" });
  return { signedOut: true };
}
