// The request log's weekly partitions (migration 20261124010000_request_log_partitions holds the SQL functions):
// created weeks ahead by the worker, on demand by the writer when a line finds none, and dropped whole once every
// line in them is older than KASA_REQUEST_LOG_RETENTION_DAYS. Lines are never deleted one by one.
import { sql } from "../../db/client";
import { retentionCutoff } from "../../config/retention";

/** Partitioned alike, so a week's lines and their bodies leave together. */
const LOG_TABLES = ["request_logs", "request_log_bodies"] as const;
const WEEK_MS = 7 * 86_400_000;
/** Four weeks ahead: a worker down for less than a month never leaves a line without its partition. */
export const WEEKS_AHEAD = 4;

/** Creates the missing weeks from `from` to `to` (default: this week and WEEKS_AHEAD after it); returns how many. */
export async function ensureLogPartitions(
  from = new Date(),
  to = new Date(Date.now() + WEEKS_AHEAD * WEEK_MS),
): Promise<number> {
  let made = 0;
  for (const table of LOG_TABLES) {
    const { rows } = await sql().query<{ made: number }>("SELECT kasa_ensure_week_partitions($1, $2, $3) AS made", [
      table,
      from,
      to,
    ]);
    made += rows[0]!.made;
  }
  return made;
}

/** Drops every week whose lines are all past retention (never the current week); returns the tables dropped. */
export async function dropExpiredLogPartitions(now = new Date()): Promise<string[]> {
  const cutoff = retentionCutoff("KASA_REQUEST_LOG_RETENTION_DAYS", now);
  const dropped: string[] = [];
  for (const table of LOG_TABLES) {
    const { rows } = await sql().query<{ name: string }>("SELECT kasa_drop_week_partitions_before($1, $2) AS name", [
      table,
      cutoff,
    ]);
    dropped.push(...rows.map((r) => r.name));
  }
  return dropped;
}

/** The worker's job: weeks ahead first (a failed drop must not leave tomorrow's lines homeless), then retention. */
export async function maintainLogPartitions(): Promise<number> {
  const made = await ensureLogPartitions();
  const dropped = await dropExpiredLogPartitions();
  return made + dropped.length;
}

/** PostgreSQL's refusal of a row no partition takes ("no partition of relation ... found for row"). */
export function isMissingPartition(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === "23514" && /no partition of relation/.test(e.message ?? "");
}
