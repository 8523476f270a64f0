// Resolves the database every Kasa process uses, once, before it serves:
// DATABASE_URL when set, else the embedded PostgreSQL of the data dir.
// Migrations are applied here so a fresh machine needs no extra step.
import { startEmbeddedPostgres, type EmbeddedDatabase } from "./embedded";
import { migrate } from "./migrate";
import { dataDir } from "../config/data-dir";

const DEFAULT_EMBEDDED_PORT = 54329;

export type Database = { url: string; applied: string[]; release(): Promise<void> };

export async function bootDatabase(options: { log?: (line: string) => void } = {}): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: dataDir(),
      port: Number(process.env.KASA_PG_PORT ?? DEFAULT_EMBEDDED_PORT),
      log: options.log,
    });
    url = embedded.url;
    process.env.DATABASE_URL = url;
  }
  const applied = await migrate(url);
  return { url, applied, release: async () => embedded?.stop() };
}
