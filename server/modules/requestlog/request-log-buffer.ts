// The request log is written after the response, in batches: a request never
// waits for its own log line. Lines are flushed every FLUSH_MS or once
// BATCH_SIZE are waiting; the keys they used get last_used_at in the same pass.
import { db } from "../../db/client";

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
  flushing = flushing.then(() => write(batch)).catch((error) => console.error(`request log: ${(error as Error).message}`));
  return flushing;
}

async function write(batch: RequestLogLine[]) {
  if (batch.length === 0) return;
  await db().requestLog.createMany({ data: batch });
  const now = Date.now();
  const keys = [...new Set(batch.map((l) => l.apiKeyId).filter((id): id is string => id !== null))].filter(
    (id) => now - (lastUsedWritten.get(id) ?? 0) > LAST_USED_EVERY_MS,
  );
  if (keys.length === 0) return;
  keys.forEach((id) => lastUsedWritten.set(id, now));
  await db().apiKey.updateMany({ where: { id: { in: keys } }, data: { lastUsedAt: new Date(now) } });
}
