import { db } from "../../../db/client";
import { AppError } from "../../../errors/app-error";
import { passwordMatches } from "../password";
import { replaceRecoveryCodes } from "./recovery-codes";

/** A new set of ten (the old set stops working), behind the password; only for someone with a second factor. */
export async function regenerateRecoveryCodes(userId: string, password: string): Promise<{ recoveryCodes: string[] }> {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { passwordHash: true, totpEnabledAt: true, _count: { select: { passkeys: true } } },
  });
  if (!user.passwordHash || !(await passwordMatches(user.passwordHash, password)))
    throw new AppError("INVALID_REQUEST", {
      message: "The password is not right",
      context: { field: "password", reason: "wrong_password" },
    });
  if (!user.totpEnabledAt && user._count.passkeys === 0)
    throw new AppError("CONFLICT", { message: "Set up a second factor first", context: { reason: "no_factor" } });
  return { recoveryCodes: await db().$transaction((tx) => replaceRecoveryCodes(tx, userId)) };
}
