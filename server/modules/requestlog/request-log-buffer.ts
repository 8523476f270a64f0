// The request log is written after the response, in batches: a request never
// waits for its own log line. Lines are flushed every FLUSH_MS or once
// BATCH_SIZE are waiting; the keys they used get last_used_at in the same pass.
import { sql } from "../../db/client";

export type RequestLogLine = {
  createdAt: Date;
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
  service?: "sms" | "email" | "data" | "airtime" | null;
};

const FLUSH_MS = 200;
const BATCH_SIZE = 500;
// last_used_at is for people ("used 2 minutes ago"): once a minute per key is plenty.
const LAST_USED_EVERY_MS = 60_000;

let pending: RequestLogLine[] = [];
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> = Promise.resolve();
const lastUsedWritten = new Map<string, number>();

export function recordRequest(line: RequestLogLine): void {
  pending.push(line);
  if (pending.length >= BATCH_SIZE) void flushRequestLog();
  else timer ??= setTimeout(() => void flushRequestLog(), FLUSH_MS);
}

/** Writes what is waiting; resolves when every line recorded before the call is in the database. */
export function flushRequestLog(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const batch = pending;
  pending = [];
  flushing = flushing
    .then(() => write(batch))
    .catch((error) => console.error(`request log: ${(error as Error).message}`));
  return flushing;
}

async function write(batch: RequestLogLine[]) {
  if (batch.length === 0) return;
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
  ]);
  await sql().query(`INSERT INTO request_logs (${columns.join(", ")}) VALUES ${rows}`, values);
  const now = Date.now();
  const keys = [...new Set(batch.map((l) => l.apiKeyId).filter((id): id is string => id !== null))].filter(
    (id) => now - (lastUsedWritten.get(id) ?? 0) > LAST_USED_EVERY_MS,
  );
  if (keys.length === 0) return;
  keys.forEach((id) => lastUsedWritten.set(id, now));
  await sql().query(`UPDATE api_keys SET last_used_at = $1 WHERE id = ANY($2::text[])`, [new Date(now), keys]);
}
