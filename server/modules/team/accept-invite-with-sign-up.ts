// Accepting an invite as someone new: their sign-in is made with the invited
// address (verified: the link proved it) and the password they choose, and
// they join the inviting account; no account of their own is made.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { newId } from "../../lib/ids";
import { hashPassword, passwordWeakness } from "../users/password";
import { recordAudit } from "../audit/record-audit";
import { openInvite, useInvite } from "./open-invite";

export async function acceptInviteWithSignUp(input: { token: string; password: string; name?: string }) {
  const weakness = passwordWeakness(input.password);
  if (weakness) throw new AppError("INVALID_REQUEST", { message: weakness, context: { field: "password" } });
  const passwordHash = await hashPassword(input.password);
  try {
    return await db().$transaction(async (tx) => {
      const invite = await openInvite(tx, input.token);
      const user = await tx.user.create({
        data: {
          id: newId("usr"),
          email: invite.email,
          name: input.name?.trim().slice(0, 80) || null,
          passwordHash,
          emailVerifiedAt: new Date(),
        },
      });
      await useInvite({ tx, inviteId: invite.id, accountId: invite.accountId, userId: user.id, role: invite.role });
      await recordAudit(
        {
          actor: user.id,
          action: "member.joined",
          accountId: invite.accountId,
          target: user.id,
          data: { email: invite.email, role: invite.role },
        },
        tx,
      );
      return { accountId: invite.accountId, email: invite.email };
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002")
      throw new AppError("CONFLICT", {
        message: "This address already has a Kasa sign-in: sign in, then open the link again",
        context: { reason: "email_taken" },
      });
    throw error;
  }
}
