import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { recordAudit } from "../audit/record-audit";

/** A revoked invite's link answers "no longer valid" from then on. */
export async function revokeInvite(input: { accountId: string; inviteId: string; actor: string }): Promise<void> {
  await db().$transaction(async (tx) => {
    const revoked = await tx.accountInvite.updateManyAndReturn({
      where: { id: input.inviteId, accountId: input.accountId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
      select: { email: true, role: true },
    });
    if (revoked.length === 0) throw new AppError("NOT_FOUND", { message: "No open invite with this id" });
    await recordAudit(
      {
        actor: input.actor,
        action: "member.invite_revoked",
        accountId: input.accountId,
        target: input.inviteId,
        data: { email: revoked[0]!.email, role: revoked[0]!.role },
      },
      tx,
    );
  });
}
