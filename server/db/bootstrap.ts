// Resolves the database every Kasa process uses, once, before it serves:
// DATABASE_URL when set, else the embedded PostgreSQL of the data dir.
// Migrations are applied here so a fresh machine needs no extra step.
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded";
import { migrate } from "./migrate";
import { dataDir } from "../config/data-dir";
import { config, configure } from "../config/config";

export type Database = { url: string; applied: string[]; release(): Promise<void> };

export async function bootDatabase(options: { log?: (line: string) => void } = {}): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = config().DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: dataDir(), port: config().KASA_PG_PORT, log: options.log });
    url = embedded.url;
    // The database of this process from now on, and of every process and thread it starts (childEnv).
    configure({ DATABASE_URL: url });
  }
  const applied = await migrate(url);
  return { url, applied, release: async () => embedded?.stop() };
}
