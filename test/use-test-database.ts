// Each test file gets its own database, cloned from the migrated template the
// global setup made, so files run in parallel without seeing each other's rows.
import { afterAll, inject } from "vitest";
import pg from "pg";
import { disconnectDb } from "../server/db/client";
import { flushRequestLog } from "../server/modules/requestlog/request-log-buffer";
import { randomToken } from "../server/lib/ids";
import { configure } from "../server/config/config";

const templateUrl = new URL(inject("databaseUrl"));
const template = templateUrl.pathname.slice(1);
const name = `test_${randomToken(12).toLowerCase()}`;

await withAdmin(async (client) => {
  // Two clones of one template at the same instant can collide on its lock; retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
});

const url = new URL(templateUrl);
url.pathname = `/${name}`;
// The settings of every test file (child processes and threads get them through childEnv()). Obvious test values:
// the deployment's number for countries whose carriers refuse alphanumeric senders, and 32 zero bytes as the key.
// Files share a worker's modules (vitest.config.ts, isolate: false): what this file configures, its own settings and
// any a test leaves behind, is put back after its last test, so the next file starts from the same settings.
const restoreConfiguration = configure({
  DATABASE_URL: url.toString(),
  KASA_PUBLIC_URL: "http://kasa.test",
  NEXTAUTH_SECRET: "test-only-session-secret",
  KASA_SMS_DEFAULT_NUMBERS: "*=+15550001111",
  KASA_SECRETS_KEY: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=",
  // Two files run at once on a 2-core machine: a burst of connections can wait longer than production's 1 s. What
  // a test of a stalled database proves, it sets for itself.
  KASA_DB_CONNECT_TIMEOUT_MS: "10000",
});

afterAll(async () => {
  // Request-log lines still buffered would be written on a timer after the pools close, by a new connection the
  // forced drop then kills mid-query: an uncaught error that fails the run. Write them first.
  await flushRequestLog().catch(() => {});
  await disconnectDb();
  restoreConfiguration();
  await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
});

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const adminUrl = new URL(templateUrl);
  adminUrl.pathname = "/postgres";
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
