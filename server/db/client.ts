// The database of a process: pg pools shared by the Prisma client (for
// everything) and by the few hot-path statements written in SQL (a send's
// reserve and settle, the limiter). Two lanes, each with its own pool: the API
// (KASA_DB_POOL) and the dashboard (KASA_DB_DASHBOARD_POOL), so a flood of API
// traffic never leaves the dashboard and the staff console without a
// connection (the worker is its own process, with its own pool). Waiting for a
// connection is bounded in time (KASA_DB_CONNECT_TIMEOUT_MS) and in length
// (KASA_DB_MAX_WAITING): past either, the request is refused at once (503).
// Created on first use, after bootDatabase() has settled DATABASE_URL.
import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";
import { availableParallelism } from "node:os";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";
import { logger } from "../lib/logger";
import { gauge } from "../lib/metrics";
import { watchStatement, watchWait } from "./stall-watch";
import { config } from "../config/config";

export type Lane = "api" | "dashboard";
type Connections = { pool: pg.Pool; prisma: PrismaClient };
type Holder = {
  kasaDb?: Partial<Record<Lane, Connections>>;
  kasaLane?: AsyncLocalStorage<Lane>;
  kasaDefaultLane?: Lane;
};
const holder = globalThis as unknown as Holder;
// Shared through globalThis like the pools: under `npm run dev` Next's bundle and the front share one isolate,
// each with its own copy of this module, and must agree on the lane.
const lanes = (holder.kasaLane ??= new AsyncLocalStorage<Lane>());

/** Runs fn with its database work on `lane`'s connections (tRPC runs in "dashboard"). */
export function inLane<T>(lane: Lane, fn: () => T): T {
  return lanes.run(lane, fn);
}

/**
 * The lane of work run outside inLane: "api" in the process or thread that serves /api/v1, "dashboard" in the
 * thread that serves Next (server/next-thread), where pages, sign-in and tRPC are all the dashboard's.
 */
export function useLaneByDefault(lane: Lane): void {
  holder.kasaDefaultLane = lane;
}

/** A pool whose queue is full is not waited on: the request behind it is refused at once (503). */
export class DatabaseBusy extends Error {
  readonly code = "KASA_DB_BUSY";
}

function connect(): Connections {
  const lane = lanes.getStore() ?? holder.kasaDefaultLane ?? "api";
  const existing = holder.kasaDb?.[lane];
  if (existing) return existing;
  const settings = config();
  const connectionString = settings.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: call bootDatabase() before using the database");
  const max = lane === "api" ? (settings.KASA_DB_POOL ?? defaultPoolSize()) : settings.KASA_DB_DASHBOARD_POOL;
  const pool = new pg.Pool({
    connectionString,
    max,
    // Never wait long for a connection (opening one, or a free one from the pool): a database that is
    // down or swamped is answered 503 in seconds, not by a pile-up.
    connectionTimeoutMillis: settings.KASA_DB_CONNECT_TIMEOUT_MS,
  });
  boundQueue(pool, settings.KASA_DB_MAX_WAITING, lane === "api");
  pool.on("error", (error) => logger().warn({ err: error, lane }, "database pool: an idle connection failed"));
  // A connection the database ends (a restart, "terminating connection due to administrator command") while it is
  // checked out between two statements emits "error" with no listener of the pool's on it, which would take the
  // whole process down. Each connection keeps a listener of its own: the work holding it sees its next statement
  // fail (and answers 503), the pool drops it when it comes back, and an idle one is logged by the pool above.
  pool.on("connect", (client) => client.on("error", () => undefined));
  watchPool();
  // "minimal": an error's message never carries the arguments of the query (which may hold secrets).
  const connections = { pool, prisma: new PrismaClient({ adapter: new PrismaPg(pool), errorFormat: "minimal" }) };
  holder.kasaDb = { ...holder.kasaDb, [lane]: connections };
  return connections;
}

function boundQueue(pool: pg.Pool, maxWaiting: number, watchStall: boolean) {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  (pool as { connect: unknown }).connect = (callback?: (err?: Error, client?: pg.PoolClient) => void) => {
    const full = pool.waitingCount >= maxWaiting;
    const waited = watchStall ? watchWait() : () => {};
    const attempt = (
      full
        ? Promise.reject(new DatabaseBusy(`database busy: ${pool.waitingCount} requests already wait for a connection`))
        : connect().then((client) => (watchStall ? watchStatements(client) : client))
    ).finally(waited);
    if (!callback) return attempt;
    attempt.then(
      (client) => callback(undefined, client),
      (error: Error) => callback(error),
    );
  };
}

const watched = new WeakSet<pg.PoolClient>();

/** Times every statement of an API connection, for the stall watch. */
function watchStatements(client: pg.PoolClient): pg.PoolClient {
  if (watched.has(client)) return client;
  watched.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const done = watchStatement();
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...r: unknown[]) => unknown)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).finally === "function")
      return (result as Promise<unknown>).finally(done);
    done();
    return result;
  };
  return client;
}

/** The pools' connections in use, idle and waited for, by lane, read when Prometheus scrapes. */
function watchPool() {
  gauge(
    "kasa_db_pool_connections",
    "Database connections of this process, by lane and state",
    ["lane", "state"],
    function () {
      for (const [lane, connections] of Object.entries(holder.kasaDb ?? {})) {
        const pool = connections?.pool;
        if (!pool) continue;
        this.set({ lane, state: "total" }, pool.totalCount);
        this.set({ lane, state: "idle" }, pool.idleCount);
        this.set({ lane, state: "in_use" }, pool.totalCount - pool.idleCount);
        this.set({ lane, state: "waiting" }, pool.waitingCount);
      }
    },
  );
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
  const current = Object.values(holder.kasaDb ?? {});
  holder.kasaDb = undefined;
  for (const connections of current) {
    await connections.prisma.$disconnect();
    await connections.pool.end().catch(() => {});
  }
}

export type { PrismaClient };
export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
