// Enrolling a passkey (a security key, or the device's own) as a second
// factor with @simplewebauthn/server: options with a fresh challenge kept for
// five minutes, then the authenticator's answer checked against it. The
// password is the first factor, so user verification is preferred, not required.
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { db } from "../../../../db/client";
import { AppError } from "../../../../errors/app-error";
import { newId } from "../../../../lib/ids";
import { replaceRecoveryCodes } from "../recovery-codes";
import { confirmPassword, type PasswordConfirmation } from "../../confirm-password";
import { factorAdded } from "../factor-added";
import { CHALLENGE_TTL_MS, relyingParty } from "./relying-party";

export async function passkeyEnrolmentOptions({ userId, password, ip }: PasswordConfirmation) {
  await confirmPassword({ userId, password, ip });
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { email: true, passkeys: { select: { id: true, transports: true } } },
  });
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userID: new TextEncoder().encode(userId),
    attestationType: "none",
    excludeCredentials: user.passkeys.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: "discouraged", userVerification: "preferred" },
  });
  await db().authChallenge.create({
    data: {
      id: newId("chl"),
      userId,
      purpose: "passkey_enrolment",
      webauthnChallenge: options.challenge,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    },
  });
  return options;
}

export async function registerPasskey(input: {
  userId: string;
  name: string;
  response: RegistrationResponseJSON;
  sessionId?: string;
}): Promise<{ recoveryCodes: string[] | null }> {
  const rp = relyingParty();
  const pending = await db().authChallenge.findMany({
    where: { userId: input.userId, purpose: "passkey_enrolment", usedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, webauthnChallenge: true },
  });
  let used: string | undefined;
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: (challenge) => {
      used = pending.find((p) => p.webauthnChallenge === challenge)?.id;
      return used !== undefined;
    },
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const, registrationInfo: undefined }));
  if (!verification.verified || !used)
    throw new AppError("INVALID_REQUEST", {
      message: "The passkey could not be checked; try again",
      context: { reason: "passkey_not_verified" },
    });
  const { credential } = verification.registrationInfo;
  const name = input.name.trim().slice(0, 60) || "Passkey";
  const result = await db().$transaction(async (tx) => {
    const claimed = await tx.authChallenge.updateMany({
      where: { id: used, usedAt: null },
      data: { usedAt: new Date() },
    });
    if (claimed.count !== 1)
      throw new AppError("INVALID_REQUEST", { message: "This passkey request was already used; try again" });
    const user = await tx.user.findUniqueOrThrow({
      where: { id: input.userId },
      select: { totpEnabledAt: true, _count: { select: { passkeys: true } } },
    });
    await tx.passkey.create({
      data: {
        id: credential.id,
        userId: input.userId,
        name,
        publicKey: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
      },
    });
    const first = !user.totpEnabledAt && user._count.passkeys === 0;
    return { recoveryCodes: first ? await replaceRecoveryCodes(tx, input.userId) : null };
  });
  await factorAdded({ userId: input.userId, keepSessionId: input.sessionId, what: `A passkey ("${name}")` });
  return result;
}
