// Removing a second factor needs the password (a session left open on a
// shared computer must not be enough), and staff may not remove their last.
import { db } from "../../../db/client";
import { AppError } from "../../../errors/app-error";
import { confirmPassword } from "../confirm-password";

export async function removeSecondFactor(input: {
  userId: string;
  password: string;
  ip: string | null;
  factor: { kind: "totp" } | { kind: "passkey"; id: string };
}): Promise<void> {
  await confirmPassword({ userId: input.userId, password: input.password, ip: input.ip });
  const user = await db().user.findUniqueOrThrow({
    where: { id: input.userId },
    select: { isStaff: true, totpEnabledAt: true, _count: { select: { passkeys: true } } },
  });
  if (input.factor.kind === "totp" && !user.totpEnabledAt)
    throw new AppError("NOT_FOUND", { message: "No authenticator app is set up" });
  const factors = (user.totpEnabledAt ? 1 : 0) + user._count.passkeys;
  if (user.isStaff && factors <= 1)
    throw new AppError("CONFLICT", {
      message: "Staff keep at least one second factor: add another before removing this one",
      context: { reason: "last_factor" },
    });
  await db().$transaction(async (tx) => {
    if (input.factor.kind === "totp") {
      await tx.user.update({
        where: { id: input.userId },
        data: { totpSecret: null, totpEnabledAt: null, totpLastStep: null },
      });
    } else {
      const removed = await tx.passkey.deleteMany({ where: { id: input.factor.id, userId: input.userId } });
      if (removed.count === 0) throw new AppError("NOT_FOUND", { message: "No such passkey" });
    }
    // With no factor left the recovery codes would be a second way in to nothing: they go too.
    if (factors <= 1) await tx.recoveryCode.deleteMany({ where: { userId: input.userId } });
  });
}
