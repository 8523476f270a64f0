import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { inviteMember } from "./invite-member";

/** "Re-send": a fresh link and 7 more days; the earlier link stops working. */
export async function resendInvite(input: { accountId: string; inviteId: string; actor: string }) {
  const invite = await db().accountInvite.findFirst({
    where: { id: input.inviteId, accountId: input.accountId, acceptedAt: null, revokedAt: null },
    select: { email: true, role: true },
  });
  if (!invite) throw new AppError("NOT_FOUND", { message: "No open invite with this id" });
  return inviteMember({ accountId: input.accountId, invitedBy: input.actor, email: invite.email, role: invite.role });
}
