// An owner invites someone by email with a role (docs/decisions.md, "Tokens, resets and invites"): a link
// mailed to them, single use, valid 7 days, only its hash stored. Inviting an
// address that already has an open invite sends it again with the new role
// (the old link stops working). At most 5 invites a day to one address and 50
// from one account.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { rateLimited } from "../../errors/rate-limited";
import { zodToAppError } from "../../errors/from-zod";
import { newId } from "../../lib/ids";
import { publicUrl } from "../../config/public-url";
import { emailSchema } from "../users/schemas";
import { recordAudit } from "../audit/record-audit";
import { claimMailSlot } from "../system-mail/mail-throttle";
import { sendSystemMail } from "../system-mail/send-system-mail";
import { linkWithToken, newOneTimeToken } from "../users/tokens/one-time-token";
import type { Role } from "../accounts/require-membership";

export const INVITE_LIFETIME_MS = 7 * 24 * 3_600_000;

export async function inviteMember(input: {
  accountId: string;
  invitedBy: string;
  email: string;
  role: Role;
}): Promise<{ inviteId: string; mailed: boolean; link?: string }> {
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) throw zodToAppError(parsed.error);
  const email = parsed.data;
  const member = await db().membership.findFirst({ where: { accountId: input.accountId, user: { email } } });
  if (member)
    throw new AppError("CONFLICT", {
      message: `${email} is already a member of this account`,
      context: { reason: "already_member" },
    });
  const slot = await claimMailSlot("invite", { recipient: email, accountId: input.accountId });
  if (!slot.ok) throw rateLimited("Too many invitations sent; try again later", slot.limit, slot.retryAfterS);

  const { token, hash } = newOneTimeToken();
  const expiresAt = new Date(Date.now() + INVITE_LIFETIME_MS);
  const inviteId = await db().$transaction(async (tx) => {
    const open = await tx.accountInvite.findFirst({
      where: { accountId: input.accountId, email, acceptedAt: null, revokedAt: null },
      select: { id: true },
    });
    const invite = open
      ? await tx.accountInvite.update({
          where: { id: open.id },
          data: { role: input.role, tokenHash: hash, expiresAt, lastSentAt: new Date(), invitedBy: input.invitedBy },
        })
      : await tx.accountInvite.create({
          data: {
            id: newId("inv"),
            accountId: input.accountId,
            email,
            role: input.role,
            tokenHash: hash,
            invitedBy: input.invitedBy,
            expiresAt,
          },
        });
    await recordAudit(
      {
        actor: input.invitedBy,
        action: open ? "member.invite_resent" : "member.invited",
        accountId: input.accountId,
        target: invite.id,
        data: { email, role: input.role },
      },
      tx,
    );
    return invite.id;
  });
  const link = linkWithToken({ base: publicUrl(), path: "/invite", token });
  const outcome = await mailInvite({
    accountId: input.accountId,
    invitedBy: input.invitedBy,
    email,
    role: input.role,
    link,
  });
  // With no relay the owner is told so and given the link to pass on (only owners invite; the link is the invitee's
  // way in, as a mailed one would be).
  return outcome === "mailed" ? { inviteId, mailed: true } : { inviteId, mailed: false, link };
}

async function mailInvite(input: { accountId: string; invitedBy: string; email: string; role: Role; link: string }) {
  const [account, inviter] = await Promise.all([
    db().account.findUniqueOrThrow({ where: { id: input.accountId }, select: { name: true } }),
    db().user.findUnique({ where: { id: input.invitedBy }, select: { email: true } }),
  ]);
  return sendSystemMail({
    to: input.email,
    subject: `You are invited to ${account.name} on Kasa`,
    link: input.link,
    lines: [
      `${inviter?.email ?? "A Kasa user"} invited you to join the account "${account.name}" on Kasa as ${input.role}.`,
      "The link works once, for 7 days. If you were not expecting this, ignore this mail.",
    ],
  });
}
