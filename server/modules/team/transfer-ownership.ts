import { db } from "../../db/client";
import { recordAudit } from "../audit/record-audit";
import { AppError } from "../../errors/app-error";
import { assertStillOwner, lockAccount, memberOrNotFound } from "./owners";

/** An owner makes another member the owner and steps down to developer (they keep working, without billing or members). */
export async function transferOwnership(input: { accountId: string; actor: string; toUserId: string }) {
  if (input.toUserId === input.actor)
    throw new AppError("INVALID_REQUEST", { message: "You already own this account", context: { reason: "self" } });
  await db().$transaction(async (tx) => {
    await lockAccount(tx, input.accountId);
    await assertStillOwner({ tx, accountId: input.accountId, userId: input.actor });
    const target = await memberOrNotFound({ tx, accountId: input.accountId, userId: input.toUserId });
    await tx.membership.update({
      where: { accountId_userId: { accountId: input.accountId, userId: input.toUserId } },
      data: { role: "owner" },
    });
    await tx.membership.update({
      where: { accountId_userId: { accountId: input.accountId, userId: input.actor } },
      data: { role: "developer" },
    });
    await recordAudit(
      {
        actor: input.actor,
        action: "account.ownership_transferred",
        accountId: input.accountId,
        target: input.toUserId,
        data: { to: target.user.email, previousRole: target.role },
      },
      tx,
    );
  });
}
