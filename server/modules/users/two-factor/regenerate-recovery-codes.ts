import { db } from "../../../db/client";
import { AppError } from "../../../errors/app-error";
import { confirmPassword, type PasswordConfirmation } from "../confirm-password";
import { replaceRecoveryCodes } from "./recovery-codes";

/** A new set of ten (the old set stops working), behind the password; only for someone with a second factor. */
export async function regenerateRecoveryCodes({
  userId,
  password,
  ip,
}: PasswordConfirmation): Promise<{ recoveryCodes: string[] }> {
  await confirmPassword({ userId, password, ip });
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { totpEnabledAt: true, _count: { select: { passkeys: true } } },
  });
  if (!user.totpEnabledAt && user._count.passkeys === 0)
    throw new AppError("CONFLICT", { message: "Set up a second factor first", context: { reason: "no_factor" } });
  return { recoveryCodes: await db().$transaction((tx) => replaceRecoveryCodes(tx, userId)) };
}
