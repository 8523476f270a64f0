// The key that signs session cookies. Production sets NEXTAUTH_SECRET (the
// same value on every web process); a single machine makes one in its data dir.
import { secretFromDataDir } from "./data-dir-secret";
import { config } from "./config";

export function authSecret(): string {
  return config().NEXTAUTH_SECRET ?? config().AUTH_SECRET ?? secretFromDataDir("auth-secret");
}
