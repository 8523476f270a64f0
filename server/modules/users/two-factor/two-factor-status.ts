import { db } from "../../../db/client";
import { recoveryCodesLeft } from "./recovery-codes";

/** What the Profile page shows of a person's second factors (never a secret). */
export async function twoFactorStatus(userId: string) {
  const [user, recovery] = await Promise.all([
    db().user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        isStaff: true,
        totpEnabledAt: true,
        passkeys: {
          select: { id: true, name: true, createdAt: true, lastUsedAt: true },
          orderBy: { createdAt: "asc" },
        },
      },
    }),
    recoveryCodesLeft(userId),
  ]);
  return {
    totpEnabledAt: user.totpEnabledAt,
    passkeys: user.passkeys,
    recoveryCodesLeft: recovery,
    required: user.isStaff,
  };
}
