import { db } from "../../db/client";
import { recordAudit } from "../audit/record-audit";
import type { Role } from "../accounts/require-membership";
import { assertAnotherOwner, assertStillOwner, lockAccount, memberOrNotFound } from "./owners";

/** An owner changes a member's role; the last owner cannot be demoted (make someone else owner first). */
export async function changeMemberRole(input: { accountId: string; actor: string; userId: string; role: Role }) {
  await db().$transaction(async (tx) => {
    await lockAccount(tx, input.accountId);
    await assertStillOwner({ tx, accountId: input.accountId, userId: input.actor });
    const member = await memberOrNotFound({ tx, accountId: input.accountId, userId: input.userId });
    if (member.role === input.role) return;
    if (member.role === "owner")
      await assertAnotherOwner({
        tx,
        accountId: input.accountId,
        userId: input.userId,
        message: "An account needs at least one owner: make someone else owner first",
      });
    await tx.membership.update({
      where: { accountId_userId: { accountId: input.accountId, userId: input.userId } },
      data: { role: input.role },
    });
    await recordAudit(
      {
        actor: input.actor,
        action: "member.role_changed",
        accountId: input.accountId,
        target: input.userId,
        data: { email: member.user.email, from: member.role, to: input.role },
      },
      tx,
    );
  });
}
