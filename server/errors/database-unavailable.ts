// Whether an error means "the database cannot be reached right now" (down,
// restarting, refusing connections, no free connection in time) rather than a
// bug. Those are answered 503 SERVICE_UNAVAILABLE with Retry-After: the client
// may retry (with its idempotency key), and nothing in the answer is internal.
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  // Ours: the pool's queue was full, so the request was not queued (server/db/client.ts).
  "KASA_DB_BUSY",
]);
// SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, crash, cannot connect now),
// 53300 (too many connections).
const SQLSTATE = /^(08\d{3}|57P0[1-4]|53300)$/;
// Prisma's own codes for an unreachable or timed-out database, and a pool that had no free connection in time.
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// @prisma/adapter-pg turns a socket error into a kind with no code left on it (ECONNRESET becomes ConnectionClosed).
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Can't reach database|Connection closed|Server has closed the connection|terminating connection|the database system is (shutting down|starting up|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const e = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    originalCode?: unknown;
    kind?: unknown;
    meta?: { driverAdapterError?: unknown };
  };
  const code = typeof e.code === "string" ? e.code : typeof e.originalCode === "string" ? e.originalCode : "";
  if (NETWORK_CODES.has(code) || SQLSTATE.test(code) || PRISMA_CODES.has(code)) return true;
  if (typeof e.kind === "string" && ADAPTER_KINDS.has(e.kind)) return true;
  if (typeof e.message === "string" && MESSAGES.test(e.message)) return true;
  // Prisma wraps the driver's error (with the server's SQLSTATE) in meta.driverAdapterError.
  return isDatabaseUnavailable(e.cause, depth + 1) || isDatabaseUnavailable(e.meta?.driverAdapterError, depth + 1);
}
