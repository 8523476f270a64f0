// Secrets at rest: AES-256-GCM with a fresh 12-byte IV per value, stored as
// "enc:v1:" + base64(iv | tag | ciphertext). A value without the prefix is
// read as it is (rows written before sealing existed).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { secretsKey } from "../config/secrets-key";

const PREFIX = "enc:v1:";

export function seal(plaintext: string, key = secretsKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64");
}

export function unseal(stored: string, key = secretsKey()): string {
  if (!stored.startsWith(PREFIX)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
}
