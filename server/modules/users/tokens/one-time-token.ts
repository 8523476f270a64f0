// The secret half of every emailed link (verification, reset, invites): 40
// base62 characters (about 238 bits) from the CSPRNG. Only its SHA-256 is
// stored, so a copy of the database cannot be turned into working links; a
// fast hash is enough because the token is far beyond guessing.
import { createHash } from "node:crypto";
import { randomToken } from "../../../lib/ids";

export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomToken(40);
  return { token, hash: hashOneTimeToken(token) };
}

export function hashOneTimeToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Links carry the token in the fragment: it never reaches a server's access log or a Referer header. */
export function linkWithToken({ base, path, token }: { base: string; path: string; token: string }): string {
  return `${base}${path}#token=${token}`;
}
