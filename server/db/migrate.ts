// Applies prisma/migrations/<stamp>_<name>/migration.sql in order and records
// them in Prisma's own `_prisma_migrations` table, so `prisma migrate deploy`
// agrees with us wherever its native engine is available.
import pg from "pg";
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { config } from "../config/config";

const MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"            VARCHAR(64) NOT NULL,
    "finished_at"         TIMESTAMPTZ,
    "migration_name"      VARCHAR(255) NOT NULL,
    "logs"                TEXT,
    "rolled_back_at"      TIMESTAMPTZ,
    "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// Any constant works; it only has to be the same in every Kasa process.
const MIGRATION_LOCK = 72_617_301;

export type Migration = { name: string; sql: string; checksum: string };

export function migrationsDir(): string {
  // Found at run time (the build must not trace the project for it, hence the Turbopack comments).
  return resolve(/*turbopackIgnore: true*/ config().KASA_MIGRATIONS_DIR ?? join(process.cwd(), "prisma", "migrations"));
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && existsSync(/*turbopackIgnore: true*/ join(dir, entry.name, "migration.sql")),
    )
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(/*turbopackIgnore: true*/ join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

/** Returns the names of the migrations it applied. Safe to run from several processes at once. */
export async function migrate(databaseUrl: string, migrations = readMigrations()): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query(MIGRATIONS_TABLE);
    const applied = new Map<string, string>();
    const rows = await client.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    for (const row of rows.rows) applied.set(row.migration_name, row.checksum);

    const done: string[] = [];
    for (const migration of migrations) {
      const recorded = applied.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      await applyOne(client, migration);
      done.push(migration.name);
    }
    return done;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await client.end();
  }
}

async function applyOne(client: pg.Client, migration: Migration) {
  await client.query("BEGIN");
  try {
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
       VALUES ($1, $2, now(), $3, 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
  }
}
