import { createHash, randomInt, timingSafeEqual } from "node:crypto";

export const CODE_TTL_MS = 10 * 60_000;

/** A fresh 6-digit code. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/** Codes are stored hashed, bound to the account and the number. */
export function hashCode({ accountId, number, code }: { accountId: string; number: string; code: string }): string {
  return createHash("sha256").update(`${accountId}:${number}:${code}`).digest("hex");
}

export function codeMatches({
  stored,
  accountId,
  number,
  given,
}: {
  stored: string;
  accountId: string;
  number: string;
  given: string;
}): boolean {
  return timingSafeEqual(Buffer.from(hashCode({ accountId, number, code: given.trim() })), Buffer.from(stored));
}
