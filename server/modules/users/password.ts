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

/** Why a password is too weak, or undefined when it is acceptable. */
export function passwordWeakness(password: string): string | undefined {
  if (password.length < 10) return "Use at least 10 characters";
  if (password.length > 200) return "Use at most 200 characters";
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (classes < 2) return "Mix letters with digits, capitals or symbols";
  return undefined;
}
