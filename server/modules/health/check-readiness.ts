// Readiness (GET /api/health/ready): whether this process should get traffic.
// Not until the database answers and every migration on disk is applied, and
// not while the database cannot be reached. Liveness (/api/health) is separate:
// a process that cannot reach its database is alive and should not be killed.
import { sql } from "../../db/client";
import { readMigrations } from "../../db/migrate";

const DATABASE_TIMEOUT_MS = 2_000;
let migrationsSeen = false;

export type Readiness = {
  status: "ready" | "not_ready";
  database: "ok" | "unreachable";
  migrations: "applied" | "pending" | "unknown";
};

export async function checkReadiness(): Promise<Readiness> {
  try {
    const applied = await withTimeout(
      sql()
        .query<{ name: string }>(`SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL`)
        .then((r) => new Set(r.rows.map((row) => row.name))),
    );
    // Migrations never go away once applied: after the first full match, one cheap query is enough.
    migrationsSeen ||= readMigrations().every((m) => applied.has(m.name));
    return {
      status: migrationsSeen ? "ready" : "not_ready",
      database: "ok",
      migrations: migrationsSeen ? "applied" : "pending",
    };
  } catch {
    return { status: "not_ready", database: "unreachable", migrations: migrationsSeen ? "applied" : "unknown" };
  }
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("database did not answer")), DATABASE_TIMEOUT_MS).unref(),
    ),
  ]);
}
