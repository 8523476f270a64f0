// Accepting an invite as someone who already signs in to Kasa: the account
// joins their switcher. The invite was mailed to one address, so only the
// person signed in with that address may use it; following the link also
// proves the address, so it counts as verified.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";
import { openInvite, useInvite } from "./open-invite";

export async function acceptInvite(input: { token: string; userId: string }): Promise<{ accountId: string }> {
  return db().$transaction(async (tx) => {
    const invite = await openInvite(tx, input.token);
    const user = await tx.user.findUniqueOrThrow({
      where: { id: input.userId },
      select: { email: true, emailVerifiedAt: true },
    });
    if (user.email !== invite.email)
      throw new AppError("FORBIDDEN", {
        message: `This invite is for ${invite.email}; you are signed in as ${user.email}`,
        context: { reason: "invite_for_another_address" },
      });
    await useInvite({ tx, inviteId: invite.id, accountId: invite.accountId, userId: input.userId, role: invite.role });
    if (!user.emailVerifiedAt)
      await tx.user.update({ where: { id: input.userId }, data: { emailVerifiedAt: new Date() } });
    await recordAudit(
      {
        actor: input.userId,
        action: "member.joined",
        accountId: invite.accountId,
        target: input.userId,
        data: { email: invite.email, role: invite.role },
      },
      tx,
    );
    return { accountId: invite.accountId };
  });
}
