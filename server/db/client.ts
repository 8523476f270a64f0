// The database of a process: one pg pool, shared by the Prisma client (for
// everything) and by the few hot-path statements written in SQL (a send's
// reserve and settle, the limiter), so a process holds one set of connections.
// Created on first use, after bootDatabase() has settled DATABASE_URL.
import pg from "pg";
import { availableParallelism } from "node:os";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

type Holder = { kasaDb?: { pool: pg.Pool; prisma: PrismaClient } };
const holder = globalThis as unknown as Holder;

function connect() {
  if (holder.kasaDb) return holder.kasaDb;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: call bootDatabase() before using the database");
  const pool = new pg.Pool({ connectionString, max: Number(process.env.KASA_DB_POOL ?? defaultPoolSize()) });
  pool.on("error", (error) => console.error(`database pool: ${error.message}`));
  holder.kasaDb = { pool, prisma: new PrismaClient({ adapter: new PrismaPg(pool) }) };
  return holder.kasaDb;
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
