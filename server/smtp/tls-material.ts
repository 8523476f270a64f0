// The submission service's certificate (docs/decisions.md, "SMTP relay"): KASA_SUBMISSION_TLS_CERT and KASA_SUBMISSION_TLS_KEY (paths to
// PEM files, or the PEM text itself) in production; on a single machine without them, a self-signed pair made once
// into the data dir (the key readable by its owner only), so STARTTLS works from the first `npm start`. Mail clients
// then need to be told to accept it (docs/smtp says how); a real certificate is the production setting.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostname } from "node:os";
import { selfSignedCertificate } from "./self-signed";
import { dataDir } from "../config/data-dir";
import { config } from "../config/config";

export type TlsMaterial = { key: string; cert: string; selfSigned: boolean };

export async function submissionTls(): Promise<TlsMaterial> {
  // Set together or not at all (checked when the configuration is read).
  const { KASA_SUBMISSION_TLS_CERT: cert, KASA_SUBMISSION_TLS_KEY: key } = config();
  if (cert && key) return { cert: pem(cert), key: pem(key), selfSigned: false };
  const dir = join(dataDir(), "smtp-tls");
  const keyFile = join(dir, "key.pem");
  const certFile = join(dir, "cert.pem");
  if (existsSync(keyFile) && existsSync(certFile))
    return { key: readFileSync(keyFile, "utf8"), cert: readFileSync(certFile, "utf8"), selfSigned: true };
  const name = config().KASA_SUBMISSION_HOSTNAME ?? hostname();
  const made = await selfSignedCertificate(name);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // Written aside, then renamed: a process starting meanwhile never reads a half-written file. (With several web
  // processes the primary makes the pair before forking them, so they all serve the same one.)
  const suffix = `.${process.pid}.tmp`;
  writeFileSync(keyFile + suffix, made.key, { mode: 0o600 });
  writeFileSync(certFile + suffix, made.cert);
  renameSync(keyFile + suffix, keyFile);
  renameSync(certFile + suffix, certFile);
  return { ...made, selfSigned: true };
}

/** The PEM text itself, or the file that holds it. */
function pem(value: string): string {
  return value.trimStart().startsWith("-----BEGIN") ? value : readFileSync(value, "utf8");
}
