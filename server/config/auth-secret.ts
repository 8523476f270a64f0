// The key that signs session cookies. Production sets NEXTAUTH_SECRET (the
// same value on every web process); a single machine makes one in its data dir.
import { secretFromDataDir } from "./data-dir-secret";

export function authSecret(): string {
  return process.env.NEXTAUTH_SECRET ?? process.env.AUTH_SECRET ?? secretFromDataDir("auth-secret");
}
