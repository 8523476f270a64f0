// Ten single-use recovery codes, made when the first second factor is
// enrolled (and again on request, which retires the old set). Each is 10
// characters from a 32-letter alphabet (50 bits), shown once and stored only
// as its SHA-256: a fast hash is enough at that strength, with sign-in
// throttled per email.
import { createHash, randomInt } from "node:crypto";
import { db, type Tx } from "../../../db/client";

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read off paper without doubt
export const RECOVERY_CODE_COUNT = 10;

function newCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function hashCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[^a-z0-9]/g, "");
  return createHash("sha256").update(normalized).digest("hex");
}

/** A fresh set replaces every earlier code; returns the codes, the only time they are ever seen. */
export async function replaceRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await tx.recoveryCode.deleteMany({ where: { userId } });
  await tx.recoveryCode.createMany({ data: codes.map((code) => ({ userId, codeHash: hashCode(code) })) });
  return codes;
}

/** Spends a code: true once per code, never again. */
export async function useRecoveryCode(userId: string, code: string): Promise<boolean> {
  if (code.length > 40) return false;
  const spent = await db().recoveryCode.updateMany({
    where: { userId, codeHash: hashCode(code), usedAt: null },
    data: { usedAt: new Date() },
  });
  return spent.count === 1;
}

export async function recoveryCodesLeft(userId: string): Promise<number> {
  return db().recoveryCode.count({ where: { userId, usedAt: null } });
}
