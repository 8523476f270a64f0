// Passwords are hashed with argon2id (OWASP's first choice) at its library
// defaults: 19 MiB memory, 2 passes, which costs ~20-40 ms here.
import { hash, verify } from "@node-rs/argon2";

// Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import).
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// The strength rule lives apart (password-rule.ts), so the sign-up form can apply it before a round trip.
export { passwordWeakness } from "./password-rule";
