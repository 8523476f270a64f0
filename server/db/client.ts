// The database of a process: one pg pool, shared by the Prisma client (for
// everything) and by the few hot-path statements written in SQL (a send's
// reserve and settle, the limiter), so a process holds one set of connections.
// Created on first use, after bootDatabase() has settled DATABASE_URL.
import pg from "pg";
import { availableParallelism } from "node:os";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { logger } from "../lib/logger";
import { gauge } from "../lib/metrics";

type Holder = { kasaDb?: { pool: pg.Pool; prisma: PrismaClient } };
const holder = globalThis as unknown as Holder;

function connect() {
  if (holder.kasaDb) return holder.kasaDb;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: call bootDatabase() before using the database");
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.KASA_DB_POOL ?? defaultPoolSize()),
    // Never wait forever for a connection (opening one, or a free one from the pool): a database that is
    // down or swamped is answered 503 in seconds, not by a hang.
    connectionTimeoutMillis: Number(process.env.KASA_DB_CONNECT_TIMEOUT_MS ?? 5_000),
  });
  pool.on("error", (error) => logger().warn({ err: error }, "database pool: an idle connection failed"));
  watchPool();
  // "minimal": an error's message never carries the arguments of the query (which may hold secrets).
  holder.kasaDb = { pool, prisma: new PrismaClient({ adapter: new PrismaPg(pool), errorFormat: "minimal" }) };
  return holder.kasaDb;
}

/** The pool's connections in use, idle and waited for, read when Prometheus scrapes. */
function watchPool() {
  gauge("kasa_db_pool_connections", "Database connections of this process, by state", ["state"], function () {
    const pool = holder.kasaDb?.pool;
    if (!pool) return;
    this.set({ state: "total" }, pool.totalCount);
    this.set({ state: "idle" }, pool.idleCount);
    this.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
    this.set({ state: "waiting" }, pool.waitingCount);
  });
}

/**
 * Few connections beat many: measured here (docs/benchmarks.md), 6 on 2 cores
 * served more sends at a lower p99 than 20 or 40, which only add contention.
 */
function defaultPoolSize(): number {
  return Math.max(4, availableParallelism() * 2 + 2);
}

export function db(): PrismaClient {
  return connect().prisma;
}

/** Plain SQL for hot paths where one statement replaces a transaction of several. */
export function sql(): pg.Pool {
  return connect().pool;
}

export async function disconnectDb(): Promise<void> {
  const current = holder.kasaDb;
  holder.kasaDb = undefined;
  if (!current) return;
  await current.prisma.$disconnect();
  await current.pool.end().catch(() => {});
}

export type { PrismaClient };
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
