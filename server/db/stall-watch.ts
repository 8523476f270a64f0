// Whether the database is stalled right now, as the API lane sees it: a wait
// for a connection older than half a second, or a statement running for more
// than a second, while no statement at all has finished for half a second
// (KASA_DB_STALLED_AFTER_MS, 500 ms by default). A
// busy pool (200 requests queued for 10 connections on a slow machine) waits
// long but keeps finishing statements, so it is not stalled; a paused, cut
// off or deadlocked server finishes none. Admission refuses new API requests while
// it is, and requests already in flight are answered 503 instead of hanging
// (server/http/endpoint.ts). Kept on globalThis: under `npm run dev`, Next's bundle
// and the front load their own copies of the database module in one isolate, and both record into this watch.
import { config } from "../config/config";

type Watch = { waits: Map<object, number>; statements: Map<object, number>; lastProgress: number };
const holder = globalThis as unknown as { kasaStallWatch?: Watch };
const watch: Watch = (holder.kasaStallWatch ??= { waits: new Map(), statements: new Map(), lastProgress: 0 });

/** Marks the start of a wait for a connection; call the result when it ends. */
export function watchWait(): () => void {
  const token = {};
  watch.waits.set(token, performance.now());
  return () => watch.waits.delete(token);
}

/** Marks the start of a statement; call the result when it ends. */
export function watchStatement(): () => void {
  const token = {};
  watch.statements.set(token, performance.now());
  return () => {
    watch.statements.delete(token);
    watch.lastProgress = performance.now();
  };
}

export function databaseStalled(): boolean {
  const now = performance.now();
  const waitStalled = config().KASA_DB_STALLED_AFTER_MS;
  if (now - watch.lastProgress <= waitStalled) return false;
  for (const since of watch.waits.values()) if (now - since > waitStalled) return true;
  for (const since of watch.statements.values()) if (now - since > 2 * waitStalled) return true;
  return false;
}

type Stalls = { listeners: Set<() => void>; ticker?: NodeJS.Timeout; stalled: boolean };
const stalls = ((globalThis as unknown as { kasaStalls?: Stalls }).kasaStalls ??= {
  listeners: new Set(),
  stalled: false,
});

/**
 * Calls `listener` the next time the database stalls (checked every 100 ms by
 * one timer per process, however many requests listen). Returns the way to
 * stop listening, which every caller must use when its request is over.
 */
export function onNextStall(listener: () => void): () => void {
  stalls.ticker ??= setInterval(() => {
    const now = databaseStalled();
    if (now && !stalls.stalled) for (const call of [...stalls.listeners]) call();
    stalls.stalled = now;
  }, 100);
  stalls.ticker.unref();
  stalls.listeners.add(listener);
  return () => stalls.listeners.delete(listener);
}
