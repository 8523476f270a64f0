// A short tag only this deployment can make: the hex HMAC-SHA256 of a value
// under the secrets key, cut to `hexChars`. Values carry their purpose
// ("bounce:...", "open:...") so a tag made for one use is worth nothing in
// another. Checked in constant time.
import { createHmac, timingSafeEqual } from "node:crypto";
import { secretsKey } from "../config/secrets-key";

export function secretTag(value: string, hexChars: number): string {
  return createHmac("sha256", secretsKey()).update(value).digest("hex").slice(0, hexChars);
}

/** Whether `given` is the tag of `value` (case-insensitive hex). */
export function isSecretTag(given: string, value: string, hexChars: number): boolean {
  const expected = Buffer.from(secretTag(value, hexChars));
  const actual = Buffer.from(given.toLowerCase());
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
