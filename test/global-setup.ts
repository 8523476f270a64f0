// One throwaway embedded PostgreSQL for the whole unit/integration run, on a
// free port in a temporary folder, migrated exactly as production is.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../server/db/embedded";
import { migrate } from "../server/db/migrate";
import { freePort } from "./free-port";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "kasa-test-db-"));
  const database = await startEmbeddedPostgres({ dataDir: dir, port: await freePort(), throwaway: true });
  await migrate(database.url);
  project.provide("databaseUrl", database.url);
  return async () => {
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
