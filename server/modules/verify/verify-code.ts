// A verification's code: random digits (crypto), checked against an HMAC under
// the deployment's secrets key (a short code's plain hash falls to a million
// guesses), compared in constant time. The sealed copy exists only so a resend
// can send the same code; it is erased when a live verification settles.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { secretsKey } from "../../config/secrets-key";
import { seal, unseal } from "../../lib/seal";

export function newVerifyCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += String(randomInt(0, 10));
  return code;
}

/** Bound to the verification: the same code on two verifications has two hashes. */
export function hashVerifyCode(verificationId: string, code: string): string {
  return createHmac("sha256", secretsKey()).update(`verify:${verificationId}:${code}`).digest("hex");
}

export function verifyCodeMatches({
  stored,
  verificationId,
  given,
}: {
  stored: string;
  verificationId: string;
  given: string;
}): boolean {
  const expected = Buffer.from(stored, "hex");
  const actual = Buffer.from(hashVerifyCode(verificationId, given), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export const sealVerifyCode = (code: string) => seal(code);
export const unsealVerifyCode = (sealed: string) => unseal(sealed);
