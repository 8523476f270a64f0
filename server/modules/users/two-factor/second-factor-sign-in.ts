// Signing in with a second factor (docs/decisions.md, "Second factors and staff"). A right password for
// someone enrolled does not sign in: it opens a challenge (random token,
// hashed at rest, 10 minutes, 5 tries) that a TOTP code, a recovery code or a
// passkey then completes. A wrong factor counts as a failed sign-in for the
// email, so the throttle covers the codes as it covers passwords.
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from "@simplewebauthn/server";
import { db } from "../../../db/client";
import { newId } from "../../../lib/ids";
import { hashOneTimeToken, newOneTimeToken } from "../tokens/one-time-token";
import { forgiveSignInAttempt, takeSignInAttempt } from "../sign-in-throttle";
import type { SignedInUser } from "../verify-credentials";
import { acceptTotpCode } from "./totp";
import { useRecoveryCode } from "./recovery-codes";
import { relyingParty } from "./passkeys/relying-party";

const CHALLENGE_TTL_MS = 10 * 60_000;
const MAX_TRIES = 5;

export type SecondFactorMethod = "totp" | "passkey" | "recovery";

export class SecondFactorRefused extends Error {}

/** Whether a sign-in by this person owes a second factor. */
export async function owesSecondFactor(userId: string): Promise<boolean> {
  return (await owedFactors(userId)).length > 0;
}

/**
 * A right password opens a sign-in: the token the browser then hands to
 * next-auth, with the second factors it still owes (none: the token alone
 * completes it). The password is checked once, by the dashboard's RPC, so a
 * second factor being owed is an answer, not a failed request.
 */
export async function openSignIn(
  userId: string,
  device: { userAgent: string | null; ip: string | null },
): Promise<{ token: string; methods: SecondFactorMethod[] }> {
  const methods = await owedFactors(userId);
  const { token, hash } = newOneTimeToken();
  await db().authChallenge.create({
    data: {
      id: newId("chl"),
      userId,
      purpose: "sign_in",
      tokenHash: hash,
      userAgent: device.userAgent?.slice(0, 300) ?? null,
      ip: device.ip,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    },
  });
  return { token, methods };
}

async function owedFactors(userId: string): Promise<SecondFactorMethod[]> {
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { totpEnabledAt: true, _count: { select: { passkeys: true } } },
  });
  const methods: SecondFactorMethod[] = [];
  if (user.totpEnabledAt) methods.push("totp");
  if (user._count.passkeys > 0) methods.push("passkey");
  return methods.length ? [...methods, "recovery"] : [];
}

async function liveChallenge(token: string) {
  const row = await db().authChallenge.findUnique({
    where: { tokenHash: hashOneTimeToken(token) },
    include: { user: { select: { id: true, email: true, name: true, isStaff: true } } },
  });
  if (!row || row.purpose !== "sign_in" || row.usedAt || row.expiresAt <= new Date() || row.tries >= MAX_TRIES)
    throw new SecondFactorRefused("This sign-in has expired. Start again with your password.");
  return row;
}

/** Passkey options for a sign-in under way: only that person's passkeys, with a fresh challenge kept on the row. */
export async function passkeySignInOptions(token: string) {
  const row = await liveChallenge(token);
  const passkeys = await db().passkey.findMany({
    where: { userId: row.userId },
    select: { id: true, transports: true },
  });
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    allowCredentials: passkeys.map((p) => ({ id: p.id, transports: p.transports as never })),
    userVerification: "preferred",
  });
  await db().authChallenge.update({ where: { id: row.id }, data: { webauthnChallenge: options.challenge } });
  return options;
}

export type SecondFactorProof = { code?: string; recoveryCode?: string; passkey?: string };

/** Completes the sign-in (with its factor, when one is owed), or throws SecondFactorRefused with what the form should say. */
export async function completeSecondFactor({
  token,
  proof,
  ip,
}: {
  token: string;
  proof: SecondFactorProof;
  ip: string | null;
}): Promise<SignedInUser & { device: { userAgent: string | null; ip: string | null } }> {
  const row = await liveChallenge(token);
  // Factors are read now, not when the sign-in opened: one enrolled meanwhile is owed too.
  if ((await owedFactors(row.userId)).length > 0) {
    // The try is taken, and counted as a failure, before the proof is checked: guesses sent all at once get no
    // more tries than guesses sent one by one.
    const reserved = await db().authChallenge.updateMany({
      where: { id: row.id, usedAt: null, tries: { lt: MAX_TRIES } },
      data: { tries: { increment: 1 } },
    });
    if (reserved.count !== 1)
      throw new SecondFactorRefused("This sign-in has expired. Start again with your password.");
    const attempt = await takeSignInAttempt(row.user.email, ip);
    const ok = proof.code
      ? await acceptTotpCode(row.userId, proof.code)
      : proof.recoveryCode
        ? await useRecoveryCode(row.userId, proof.recoveryCode)
        : proof.passkey
          ? await passkeyAnswers(row.userId, row.webauthnChallenge, proof.passkey)
          : false;
    if (!ok)
      throw new SecondFactorRefused(
        proof.passkey ? "The passkey was not accepted." : "That code is not right. Check it and try again.",
      );
    await forgiveSignInAttempt(attempt);
  }
  const claimed = await db().authChallenge.updateMany({
    where: { id: row.id, usedAt: null },
    data: { usedAt: new Date() },
  });
  if (claimed.count !== 1) throw new SecondFactorRefused("This sign-in was already completed.");
  return { ...row.user, device: { userAgent: row.userAgent, ip: row.ip } };
}

async function passkeyAnswers(userId: string, challenge: string | null, raw: string): Promise<boolean> {
  if (!challenge || raw.length > 20_000) return false;
  let response: AuthenticationResponseJSON;
  try {
    response = JSON.parse(raw) as AuthenticationResponseJSON;
  } catch {
    return false;
  }
  const passkey =
    typeof response?.id === "string" ? await db().passkey.findUnique({ where: { id: response.id } }) : null;
  if (!passkey || passkey.userId !== userId) return false;
  const rp = relyingParty();
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: Number(passkey.counter),
        transports: passkey.transports as never,
      },
    });
    if (!result.verified) return false;
    await db().passkey.update({
      where: { id: passkey.id },
      data: { counter: BigInt(result.authenticationInfo.newCounter), lastUsedAt: new Date() },
    });
    return true;
  } catch {
    return false;
  }
}
