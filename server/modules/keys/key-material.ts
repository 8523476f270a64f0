// What an API key looks like: kasa_<mode>_<32 base62 chars> (~190 random
// bits). Only its SHA-256 is stored; the dashboard shows a short prefix.
import { createHash } from "node:crypto";
import { randomToken } from "../../lib/ids";

export type KeyMode = "test" | "live";

const SECRET_LENGTH = 32;
const DISPLAY_SECRET_CHARS = 6;
export const KEY_PATTERN = /^kasa_(test|live)_[0-9A-Za-z]{32}$/;

export function generateKey(mode: KeyMode): { key: string; hash: string; prefix: string } {
  const key = `kasa_${mode}_${randomToken(SECRET_LENGTH)}`;
  return { key, hash: hashKey(key), prefix: displayPrefix(key) };
}

export function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function displayPrefix(key: string): string {
  const modeEnd = key.indexOf("_", "kasa_".length) + 1;
  return key.slice(0, modeEnd + DISPLAY_SECRET_CHARS);
}
