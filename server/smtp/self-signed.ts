// A self-signed certificate for the submission service when none is configured (and for its tests and bench): the
// RSA key made by Node's own crypto (native, fast), the certificate by selfsigned (node-forge). Ten years: it is for
// a single machine, whose clients are told to accept it; production sets a real certificate.
import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import { generate } from "selfsigned";

export async function selfSignedCertificate(commonName: string): Promise<{ key: string; cert: string }> {
  // On libuv's thread pool, like every key Kasa makes: the event loop keeps serving meanwhile.
  const { privateKey, publicKey } = await promisify(generateKeyPair)("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs1", format: "pem" },
  });
  // keyPair is read by selfsigned 2.x but missing from its type declarations.
  const options = { days: 3650, algorithm: "sha256", keyPair: { privateKey, publicKey } } as Parameters<
    typeof generate
  >[1];
  const made = generate([{ name: "commonName", value: commonName }], options);
  return { key: privateKey, cert: made.cert };
}
