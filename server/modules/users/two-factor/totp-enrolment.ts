// Enrolling an authenticator app: a secret is made and shown (as a QR code
// and as text) but only counts once a code from the app proves it was
// scanned. The first second factor also brings the recovery codes.
import QRCode from "qrcode";
import { db } from "../../../db/client";
import { AppError } from "../../../errors/app-error";
import { seal, unseal } from "../../../lib/seal";
import { matchingStep, newTotpSecret, totpFor } from "./totp";
import { replaceRecoveryCodes } from "./recovery-codes";
import { confirmPassword, type PasswordConfirmation } from "../confirm-password";
import { factorAdded } from "./factor-added";

export async function startTotpEnrolment({ userId, password, ip }: PasswordConfirmation) {
  await confirmPassword({ userId, password, ip });
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, totpEnabledAt: true },
  });
  if (user.totpEnabledAt)
    throw new AppError("CONFLICT", {
      message: "An authenticator app is already set up",
      context: { reason: "enrolled" },
    });
  const secret = newTotpSecret();
  await db().user.update({ where: { id: userId }, data: { totpSecret: seal(secret), totpLastStep: null } });
  const uri = totpFor(secret, user.email).toString();
  return { secret, uri, qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1 }) };
}

export async function confirmTotpEnrolment({
  userId,
  code,
  sessionId,
}: {
  userId: string;
  code: string;
  sessionId?: string;
}): Promise<{ recoveryCodes: string[] | null }> {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, totpSecret: true, totpEnabledAt: true, _count: { select: { passkeys: true } } },
  });
  if (user.totpEnabledAt)
    throw new AppError("CONFLICT", {
      message: "An authenticator app is already set up",
      context: { reason: "enrolled" },
    });
  if (!user.totpSecret)
    throw new AppError("INVALID_REQUEST", { message: "Start the set-up first", context: { reason: "not_started" } });
  const step = matchingStep({ totp: totpFor(unseal(user.totpSecret), user.email), code });
  if (step === null)
    throw new AppError("INVALID_REQUEST", {
      message: "That code is not right; check the app shows Kasa and try the newest code",
      context: { field: "code", reason: "wrong_code" },
    });
  const result = await db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { totpEnabledAt: new Date(), totpLastStep: step } });
    // The first factor brings recovery codes; a second one keeps the set already printed.
    const recoveryCodes = user._count.passkeys === 0 ? await replaceRecoveryCodes(tx, userId) : null;
    return { recoveryCodes };
  });
  await factorAdded({ userId, keepSessionId: sessionId, what: "An authenticator app" });
  return result;
}
