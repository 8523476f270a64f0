// TOTP (RFC 6238) with the otpauth library: SHA-1, 6 digits, 30-second steps,
// which is what every authenticator app reads from the QR code. One step of
// drift either way is allowed, and a code is accepted once: the step it
// belongs to is kept, and that step or an earlier one is refused after.
import { Secret, TOTP } from "otpauth";
import { db } from "../../../db/client";
import { unseal } from "../../../lib/seal";

const PERIOD_S = 30;

export function totpFor(secretBase32: string, email: string): TOTP {
  return new TOTP({
    issuer: "Kasa",
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step a code belongs to, or null when it is not one of the current, previous or next codes. */
export function matchingStep({
  totp,
  code,
  now = Date.now(),
}: {
  totp: TOTP;
  code: string;
  now?: number;
}): number | null {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp.validate({ token, timestamp: now, window: 1 });
  return delta === null ? null : TOTP.counter({ period: PERIOD_S, timestamp: now }) + delta;
}

/** Checks a sign-in code for an enrolled person and spends its step, so a code seen over a shoulder cannot be replayed. */
export async function acceptTotpCode(userId: string, code: string): Promise<boolean> {
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { email: true, totpSecret: true, totpEnabledAt: true },
  });
  if (!user?.totpSecret || !user.totpEnabledAt) return false;
  const step = matchingStep({ totp: totpFor(unseal(user.totpSecret), user.email), code });
  if (step === null) return false;
  const spent = await db().user.updateMany({
    where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
    data: { totpLastStep: step },
  });
  return spent.count === 1;
}
