// The key that seals secrets stored in the database (DKIM private keys).
// Production sets KASA_SECRETS_KEY (32 bytes, base64), the same on every
// process. A single-machine install gets one generated once into the data
// dir, like the session secret, so nothing secret lives in the repo.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { dataDir } from "./data-dir";

let cached: Buffer | undefined;

export function secretsKey(): Buffer {
  if (cached) return cached;
  const configured = process.env.KASA_SECRETS_KEY;
  const text = configured ?? fromDataDir();
  const key = Buffer.from(text, "base64");
  if (key.length !== 32) throw new Error("KASA_SECRETS_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)");
  cached = key;
  return key;
}

function fromDataDir(): string {
  const file = join(dataDir(), "secrets-key");
  if (!existsSync(file)) {
    mkdirSync(dataDir(), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}
