// What the send profilers (profile-send.ts, cpu-per-send.ts) stand on: a throwaway embedded PostgreSQL, the bench
// account, the fake Twilio carrier, and the environment a Kasa server or baseline (b) needs to send through it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { startEmbeddedPostgres } from "../../server/db/embedded";
import { migrate } from "../../server/db/migrate";
import { disconnectDb } from "../../server/db/client";
import { freePort } from "../../test/free-port";
import { prepareAccount, serverEnv, startFakeCarrier } from "./harness";
import { config, configure } from "../../server/config/config";

export async function withSendRig(run: (rig: { env: Record<string, string>; liveKey: string }) => Promise<void>) {
  configure({ KASA_SECRETS_KEY: config().KASA_SECRETS_KEY ?? randomBytes(32).toString("base64") });
  const dataDir = mkdtempSync(join(tmpdir(), "kasa-send-rig-"));
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort() });
  try {
    await migrate(database.url);
    configure({ DATABASE_URL: database.url });
    const fixture = await prepareAccount();
    const carrier = await startFakeCarrier();
    try {
      await run({ env: serverEnv(database.url, carrier.env), liveKey: fixture.liveKey });
    } finally {
      carrier.child.kill();
    }
  } finally {
    await disconnectDb();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function exitWhenDone(done: Promise<void>) {
  done.then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
