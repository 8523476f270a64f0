import { z } from "zod";
import { router, accountProcedure } from "../init";
import { listTeam } from "../../modules/team/list-team";
import { inviteMember } from "../../modules/team/invite-member";
import { resendInvite } from "../../modules/team/resend-invite";
import { revokeInvite } from "../../modules/team/revoke-invite";
import { changeMemberRole } from "../../modules/team/change-member-role";
import { removeMember } from "../../modules/team/remove-member";
import { transferOwnership } from "../../modules/team/transfer-ownership";

const role = z.enum(["owner", "developer", "viewer"]);
const id = z.string().min(1).max(64);

// Members and invites: everyone sees the team; only owners change it; anyone may leave.
export const teamRouter = router({
  list: accountProcedure().query(({ input }) => listTeam(input.accountId)),
  invite: accountProcedure("owner", { active: true })
    .input(z.object({ email: z.string().max(300), role }))
    .mutation(({ input, ctx }) =>
      inviteMember({ accountId: input.accountId, invitedBy: ctx.user.id, email: input.email, role: input.role }),
    ),
  resendInvite: accountProcedure("owner", { active: true })
    .input(z.object({ inviteId: id }))
    .mutation(({ input, ctx }) =>
      resendInvite({ accountId: input.accountId, inviteId: input.inviteId, actor: ctx.user.id }),
    ),
  revokeInvite: accountProcedure("owner")
    .input(z.object({ inviteId: id }))
    .mutation(({ input, ctx }) =>
      revokeInvite({ accountId: input.accountId, inviteId: input.inviteId, actor: ctx.user.id }),
    ),
  changeRole: accountProcedure("owner")
    .input(z.object({ userId: id, role }))
    .mutation(({ input, ctx }) =>
      changeMemberRole({ accountId: input.accountId, actor: ctx.user.id, userId: input.userId, role: input.role }),
    ),
  remove: accountProcedure()
    .input(z.object({ userId: id }))
    .mutation(({ input, ctx }) =>
      removeMember({
        accountId: input.accountId,
        actor: ctx.user.id,
        userId: input.userId,
        actorRole: ctx.membership.role,
      }),
    ),
  transferOwnership: accountProcedure("owner")
    .input(z.object({ userId: id }))
    .mutation(({ input, ctx }) =>
      transferOwnership({ accountId: input.accountId, actor: ctx.user.id, toUserId: input.userId }),
    ),
});
