// Reading an invite link: what the accept page shows (which account, which
// role, for which address, and whether that address already has a sign-in),
// and the checks every use of the link makes.
import { db, type Tx } from "../../db/client";
import { hashOneTimeToken } from "../users/tokens/one-time-token";
import { badLink } from "../users/tokens/user-tokens";

export async function openInvite(tx: Tx, token: string) {
  const invite = await tx.accountInvite.findUnique({
    where: { tokenHash: hashOneTimeToken(token) },
    select: {
      id: true,
      accountId: true,
      email: true,
      role: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      invitedBy: true,
      account: { select: { name: true } },
    },
  });
  if (!invite)
    throw badLink("link_invalid", "This invite link is not valid; it may have been re-sent. Use the latest mail.");
  if (invite.acceptedAt) throw badLink("link_used", "This invite was already accepted.");
  if (invite.revokedAt) throw badLink("link_revoked", "This invite was withdrawn by the account's owner.");
  if (invite.expiresAt <= new Date())
    throw badLink("link_expired", "This invite has expired. Ask the account's owner to send it again.");
  // An invite speaks for the owner who sent it: once they are no longer an owner, it no longer holds.
  const inviter = invite.invitedBy
    ? await tx.membership.findUnique({
        where: { accountId_userId: { accountId: invite.accountId, userId: invite.invitedBy } },
        select: { role: true },
      })
    : null;
  if (invite.invitedBy && inviter?.role !== "owner")
    throw badLink("link_revoked", "This invite was withdrawn: whoever sent it no longer manages the account.");
  return invite;
}

export async function describeInvite(token: string) {
  const invite = await openInvite(db(), token);
  const user = await db().user.findUnique({ where: { email: invite.email }, select: { id: true } });
  return {
    accountName: invite.account.name,
    email: invite.email,
    role: invite.role,
    expiresAt: invite.expiresAt,
    hasSignIn: user !== null,
  };
}

/** Marks the invite used and makes the membership; the conditional update lets one of two racing uses win. */
export async function useInvite({
  tx,
  inviteId,
  accountId,
  userId,
  role,
}: {
  tx: Tx;
  inviteId: string;
  accountId: string;
  userId: string;
  role: "owner" | "developer" | "viewer";
}) {
  const claimed = await tx.accountInvite.updateMany({
    where: { id: inviteId, acceptedAt: null, revokedAt: null },
    data: { acceptedAt: new Date(), acceptedBy: userId },
  });
  if (claimed.count !== 1) throw badLink("link_used", "This invite was already accepted.");
  await tx.membership.upsert({
    where: { accountId_userId: { accountId, userId } },
    create: { accountId, userId, role },
    update: {},
  });
}
