import { db } from "../../db/client";

/** Hides the Overview's checklist for this member (`hidden: false`: the help menu's "Get started" shows it again). */
export async function hideGetStarted(input: { accountId: string; userId: string; hidden: boolean }) {
  await db().membership.update({
    where: { accountId_userId: { accountId: input.accountId, userId: input.userId } },
    data: { getStartedHiddenAt: input.hidden ? new Date() : null },
  });
  return { hidden: input.hidden };
}
