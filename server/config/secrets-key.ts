// The key that seals secrets stored in the database (DKIM private keys,
// webhook secrets). Production sets KASA_SECRETS_KEY (32 bytes, base64), the
// same on every process; a single machine makes one in its data dir.
import { randomBytes } from "node:crypto";
import { secretFromDataDir } from "./data-dir-secret";
import { config } from "./config";
import { perConfiguration } from "./per-configuration";

const sealingKey = perConfiguration(readSecretsKey);

export function secretsKey(): Buffer {
  return sealingKey.get();
}

function readSecretsKey(): Buffer {
  const text = config().KASA_SECRETS_KEY ?? secretFromDataDir("secrets-key", () => randomBytes(32).toString("base64"));
  const key = Buffer.from(text, "base64");
  if (key.length !== 32) throw new Error("KASA_SECRETS_KEY must be 32 bytes, base64-encoded (openssl rand -base64 32)");
  return key;
}
