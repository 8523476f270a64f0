// The request log is written after the response, in batches: a request never
// waits for its own log line. Lines are flushed every FLUSH_MS or once
// BATCH_SIZE are waiting; the keys they used get last_used_at in the same pass.
// A batch the database refused is kept and written again with backoff (the
// database restarting must not lose the 503s it caused), within bounds: lines
// older than MAX_HOLD_MS, or past MAX_HELD, are dropped and counted.
import { sql } from "../../db/client";
import type { Service } from "../limits/services";
import { logger } from "../../lib/logger";
import { gauge } from "../../lib/metrics";
import { ensureLogPartitions, isMissingPartition } from "./log-partitions";

export type RequestLogLine = {
  createdAt: Date;
  /** X-Request-Id of the answer (absent on lines recorded by tests that make their own). */
  requestId?: string | null;
  accountId: string | null;
  apiKeyId: string | null;
  keyPrefix: string | null;
  mode: "test" | "live" | null;
  method: string;
  path: string;
  status: number;
  errorCode: string | null;
  latencyMs: number;
  transactionId: string | null;
  idempotentReplay: boolean;
  service?: Service | null;
  /** The request's body and its answer, already redacted (redact-body.ts); kept for a known account's requests. */
  bodies?: { request: unknown; response: unknown };
};

const FLUSH_MS = 200;
const BATCH_SIZE = 500;
// last_used_at is for people ("used 2 minutes ago"): once a minute per key is plenty.
const LAST_USED_EVERY_MS = 60_000;

const MAX_HELD = 100_000;
const MAX_HOLD_MS = 10 * 60_000;
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 10_000;

let pending: RequestLogLine[] = [];
let held: RequestLogLine[] = [];
let retryMs = FIRST_RETRY_MS;
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> = Promise.resolve();
const lastUsedWritten = new Map<string, number>();
const counts = { written: 0, dropped: 0 };

/** Lines written, dropped after every retry, and held for a retry now (for the metrics). */
export function requestLogStats() {
  return { ...counts, held: held.length, pending: pending.length };
}

gauge(
  "kasa_request_log_lines",
  "Request-log lines of this process: written, dropped, held for a retry",
  ["state"],
  function () {
    const stats = requestLogStats();
    this.set({ state: "written" }, stats.written);
    this.set({ state: "dropped" }, stats.dropped);
    this.set({ state: "held" }, stats.held);
  },
);

export function recordRequest(line: RequestLogLine): void {
  pending.push(line);
  if (pending.length >= BATCH_SIZE) void flushRequestLog();
  else timer ??= setTimeout(() => void flushRequestLog(), FLUSH_MS);
}

/**
 * Writes what is waiting; resolves when every line recorded before the call
 * is in the database, or held for a retry because the database refused it.
 */
export function flushRequestLog(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const lines = held.concat(pending);
  held = [];
  pending = [];
  flushing = flushing.then(() => writeAll(lines));
  return flushing;
}

async function writeAll(lines: RequestLogLine[]) {
  for (let i = 0; i < lines.length; i += BATCH_SIZE) {
    const chunk = lines.slice(i, i + BATCH_SIZE);
    try {
      await insertCreatingPartitions(chunk);
    } catch (error) {
      hold(lines.slice(i), error);
      return;
    }
    counts.written += chunk.length;
    retryMs = FIRST_RETRY_MS;
    await touchKeys(chunk).catch((error) => logger().error({ err: error }, "request log: last_used_at not written"));
  }
}

function hold(lines: RequestLogLine[], error: unknown) {
  const cutoff = Date.now() - MAX_HOLD_MS;
  const kept = lines.filter((l) => l.createdAt.getTime() >= cutoff).slice(-MAX_HELD);
  const dropped = lines.length - kept.length;
  counts.dropped += dropped;
  // Lines recorded while this write was failing join the held ones on the next flush.
  held = kept.concat(held);
  logger().warn(
    { err: error, held: kept.length, dropped, retry_ms: retryMs },
    `request log: write refused; ${kept.length} line(s) held for a retry` +
      (dropped ? `, ${dropped} dropped (older than ${MAX_HOLD_MS / 1000} s or past ${MAX_HELD})` : ""),
  );
  timer ??= setTimeout(() => void flushRequestLog(), retryMs);
  retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
}

/**
 * A line whose week has no partition yet (a worker down for weeks, a clock far off, a test writing history) makes
 * its week and is written again, once: the writer never depends on the worker being up.
 */
async function insertCreatingPartitions(batch: RequestLogLine[]) {
  try {
    await insertLines(batch);
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    const times = batch.map((l) => l.createdAt.getTime());
    await ensureLogPartitions(new Date(Math.min(...times)), new Date(Math.max(...times)));
    await insertLines(batch);
  }
}

async function insertLines(batch: RequestLogLine[]) {
  // One multi-row INSERT through the shared pool: this runs on every busy process all the time.
  // Typed placeholders: a multi-row VALUES list does not take its types from the target columns.
  const columns = [
    "created_at",
    "account_id",
    "api_key_id",
    "key_prefix",
    "mode",
    "method",
    "path",
    "status",
    "error_code",
    "latency_ms",
    "transaction_id",
    "idempotent_replay",
    "service",
    "request_id",
  ];
  const types = [
    "timestamptz",
    "text",
    "text",
    "text",
    "key_mode",
    "text",
    "text",
    "int",
    "text",
    "int",
    "text",
    "boolean",
    "service",
    "text",
  ];
  const rows = batch
    .map((_, i) => `(${types.map((type, j) => `$${i * columns.length + j + 1}::${type}`).join(", ")})`)
    .join(", ");
  const values = batch.flatMap((l) => [
    l.createdAt,
    l.accountId,
    l.apiKeyId,
    l.keyPrefix,
    l.mode,
    l.method,
    l.path,
    l.status,
    l.errorCode,
    l.latencyMs,
    l.transactionId,
    l.idempotentReplay,
    l.service ?? null,
    l.requestId ?? null,
  ]);
  // The bodies go in the same statement as their lines: a retried batch writes both or neither.
  const bodies = batch
    .filter((l) => l.bodies && l.requestId && l.accountId)
    .map((l) => ({
      request_id: l.requestId,
      account_id: l.accountId,
      created_at: l.createdAt,
      request: l.bodies!.request ?? null,
      response: l.bodies!.response ?? null,
    }));
  // The bodies and the day's usage counters go in the same statement as their lines: a retried batch writes all
  // three or none, so a counter moves exactly once per line.
  const extra: unknown[] = [];
  const ctes: string[] = [];
  if (bodies.length) {
    extra.push(JSON.stringify(bodies));
    ctes.push(`kept AS (INSERT INTO request_log_bodies (request_id, account_id, created_at, request, response)
         SELECT * FROM jsonb_to_recordset($${values.length + extra.length}::jsonb)
           AS b(request_id text, account_id text, created_at timestamptz, request jsonb, response jsonb)
         ON CONFLICT (request_id, created_at) DO NOTHING)`);
  }
  const usage = usageOf(batch);
  if (usage.length) {
    extra.push(JSON.stringify(usage));
    ctes.push(`counted AS (INSERT INTO usage_daily (account_id, day, service, mode, requests, quota_requests, errors)
         SELECT * FROM jsonb_to_recordset($${values.length + extra.length}::jsonb)
           AS u(account_id text, day date, service service, mode key_mode, requests int8, quota_requests int8, errors int8)
         ON CONFLICT (account_id, day, service, mode) DO UPDATE SET
           requests = usage_daily.requests + EXCLUDED.requests,
           quota_requests = usage_daily.quota_requests + EXCLUDED.quota_requests,
           errors = usage_daily.errors + EXCLUDED.errors)`);
  }
  await sql().query(
    `${ctes.length ? `WITH ${ctes.join(", ")} ` : ""}INSERT INTO request_logs (${columns.join(", ")}) VALUES ${rows}`,
    [...values, ...extra],
  );
}

type UsageRow = {
  account_id: string;
  day: string;
  service: string;
  mode: string;
  requests: number;
  quota_requests: number;
  errors: number;
};

/**
 * The batch's lines of a service, summed per account, UTC day, service and mode. Sorted by that key: two
 * processes adding to the same rows then lock them in the same order and cannot deadlock.
 */
function usageOf(batch: RequestLogLine[]): UsageRow[] {
  const rows = new Map<string, UsageRow>();
  for (const line of batch) {
    if (!line.accountId || !line.service || !line.mode) continue;
    const day = line.createdAt.toISOString().slice(0, 10);
    const key = [line.accountId, day, line.service, line.mode].join(" ");
    const row = rows.get(key) ?? {
      account_id: line.accountId,
      day,
      service: line.service,
      mode: line.mode,
      requests: 0,
      quota_requests: 0,
      errors: 0,
    };
    row.requests++;
    if (usesQuota(line)) row.quota_requests++;
    if (line.status >= 400) row.errors++;
    rows.set(key, row);
  }
  return [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/** A request that used quota: not a replay, and it succeeded or reached a transaction (a refused one used none). */
export function usesQuota(line: Pick<RequestLogLine, "idempotentReplay" | "status" | "transactionId">): boolean {
  return !line.idempotentReplay && (line.status < 400 || line.transactionId !== null);
}

async function touchKeys(batch: RequestLogLine[]) {
  const now = Date.now();
  const keys = [...new Set(batch.map((l) => l.apiKeyId).filter((id): id is string => id !== null))].filter(
    (id) => now - (lastUsedWritten.get(id) ?? 0) > LAST_USED_EVERY_MS,
  );
  if (keys.length === 0) return;
  keys.forEach((id) => lastUsedWritten.set(id, now));
  await sql().query(`UPDATE api_keys SET last_used_at = $1 WHERE id = ANY($2::text[])`, [new Date(now), keys]);
}
