// Asking for the password again before a sensitive change (the password
// itself, second factors, recovery codes). It is throttled and counted like a
// sign-in, so a stolen session cannot be used to guess it.
import { db } from "../../db/client";
import { AppError } from "../../errors/app-error";
import { passwordMatches } from "./password";
import { assertSignInAllowed, recordSignInFailure } from "./sign-in-throttle";

/** Who asks, the password they gave, and the address the throttle counts. */
export type PasswordConfirmation = { userId: string; password: string; ip: string | null };

export async function confirmPassword({ userId, password, ip }: PasswordConfirmation): Promise<void> {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, passwordHash: true },
  });
  await assertSignInAllowed({ email: user.email, address: ip }).catch((error: Error) => {
    throw new AppError("RATE_LIMIT_EXCEEDED", { message: error.message });
  });
  if (user.passwordHash && (await passwordMatches(user.passwordHash, password))) return;
  await recordSignInFailure(user.email, ip);
  throw new AppError("INVALID_REQUEST", {
    message: "The password is not right",
    context: { field: "password", reason: "wrong_password" },
  });
}
