import { describe, expect, it } from "vitest";
import pg from "pg";
import { sql } from "../../db/client";
import { migrate, readMigrations } from "../../db/migrate";
import { randomToken } from "../../lib/ids";
import { apiCustomer } from "../../../test/api";
import { freshDatabase } from "../../../test/fresh-database";
import { requestLogLineFor } from "../../../test/request-log-line";
import { flushRequestLog, recordRequest } from "./request-log-buffer";
import { dropExpiredLogPartitions, maintainLogPartitions, WEEKS_AHEAD } from "./log-partitions";
import { configure } from "../../config/config";
import { withConfig } from "../../../test/config";

const DAY = 86_400_000;

/** The name of the week partition a moment falls in (weeks start on Monday, UTC). */
function weekOf(table: string, at: Date): string {
  const monday = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return `${table}_w${monday.toISOString().slice(0, 10).replace(/-/g, "")}`;
}

async function partitionsOf(table: string): Promise<string[]> {
  const { rows } = await sql().query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass ORDER BY 1`,
    [table],
  );
  return rows.map((r) => r.name);
}

async function count(query: string, values: unknown[]): Promise<number> {
  return (await sql().query<{ n: number }>(`SELECT count(*)::int AS n FROM ${query}`, values)).rows[0]!.n;
}

describe("the request log's weekly partitions", () => {
  it("split the lines and their bodies by week on created_at, with this week and four ahead ready", async () => {
    const { rows } = await sql().query<{ table: string; strategy: string; key: string }>(
      `SELECT c.relname AS table, p.partstrat AS strategy, a.attname AS key
       FROM pg_partitioned_table p JOIN pg_class c ON c.oid = p.partrelid
       JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0] ORDER BY 1`,
    );
    expect(rows).toEqual([
      { table: "request_log_bodies", strategy: "r", key: "created_at" },
      { table: "request_logs", strategy: "r", key: "created_at" },
    ]);
    await maintainLogPartitions();
    for (const table of ["request_logs", "request_log_bodies"]) {
      const weeks = await partitionsOf(table);
      for (let week = 0; week <= WEEKS_AHEAD; week++)
        expect(weeks).toContain(weekOf(table, new Date(Date.now() + week * 7 * DAY)));
    }
  });

  it("take a line from a week that has no partition yet, by making that week", async () => {
    const c = await apiCustomer();
    const longAgo = new Date(Date.now() - 300 * DAY);
    expect(await partitionsOf("request_logs")).not.toContain(weekOf("request_logs", longAgo));
    recordRequest(
      requestLogLineFor(c)({
        createdAt: longAgo,
        requestId: `req_${randomToken(12)}`,
        bodies: { request: { to: "+233241234567" }, response: { ok: true } },
      }),
    );
    await flushRequestLog();
    expect(await count("request_logs WHERE account_id = $1 AND created_at = $2", [c.accountId, longAgo])).toBe(1);
    expect(await count("request_log_bodies WHERE account_id = $1", [c.accountId])).toBe(1);
    expect(await partitionsOf("request_log_bodies")).toContain(weekOf("request_log_bodies", longAgo));
  });

  it("drop whole weeks past retention with their bodies, never the current week, and never a money row", async () => {
    const c = await apiCustomer();
    const old = new Date(Date.now() - 120 * DAY);
    for (const createdAt of [old, new Date()])
      recordRequest(
        requestLogLineFor(c)({ createdAt, requestId: `req_${randomToken(12)}`, bodies: { request: {}, response: {} } }),
      );
    await flushRequestLog();
    // Money of the same age as the old line.
    await sql().query(
      `INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, created_at)
       VALUES ($1, 'credit', 1000000, 1000000, 'old top-up', 'test', $2)`,
      [c.accountId, old],
    );
    await sql().query(
      `INSERT INTO payments (id, account_id, provider, reference, amount_micros, currency, status, created_by, created_at)
       VALUES ($1, $2, 'sandbox', $1, 1000000, 'USD', 'success', 'test', $3)`,
      [`pay_${randomToken(12)}`, c.accountId, old],
    );

    const dropped = await dropExpiredLogPartitions();
    expect(dropped).toContain(weekOf("request_logs", old));
    expect(dropped).toContain(weekOf("request_log_bodies", old));
    expect(dropped).not.toContain(weekOf("request_logs", new Date()));
    expect(await count("request_logs WHERE account_id = $1", [c.accountId])).toBe(1);
    expect(await count("request_log_bodies WHERE account_id = $1", [c.accountId])).toBe(1);
    expect(await count("ledger_entries WHERE account_id = $1 AND created_at = $2", [c.accountId, old])).toBe(1);
    expect(await count("payments WHERE account_id = $1 AND created_at = $2", [c.accountId, old])).toBe(1);

    // The shortest retention there is still keeps the week being written.
    await withConfig({ KASA_REQUEST_LOG_RETENTION_DAYS: "1" }, async () =>
      expect(await dropExpiredLogPartitions()).not.toContain(weekOf("request_logs", new Date())),
    );
    expect(await count("request_logs WHERE account_id = $1", [c.accountId])).toBe(1);
  });

  it("refuse a retention that is not a whole number of days", () => {
    // Refused when the configuration is read, so a process never starts with it.
    expect(() => configure({ KASA_REQUEST_LOG_RETENTION_DAYS: "0" })).toThrow(/KASA_REQUEST_LOG_RETENTION_DAYS/);
  });

  it("are made again by the worker's job when a week ahead is missing", async () => {
    const ahead = weekOf("request_logs", new Date(Date.now() + WEEKS_AHEAD * 7 * DAY));
    await sql().query(`DROP TABLE ${ahead}`);
    expect(await partitionsOf("request_logs")).not.toContain(ahead);
    expect(await maintainLogPartitions()).toBeGreaterThanOrEqual(1);
    expect(await partitionsOf("request_logs")).toContain(ahead);
  });

  it("are made by the migration from the lines a database already holds, keeping their ids", async () => {
    const url = await freshDatabase();
    const all = readMigrations();
    const before = all.filter((m) => m.name < "20261124010000_request_log_partitions");
    await migrate(url, before);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const old = new Date(Date.now() - 200 * DAY);
      await client.query(
        `INSERT INTO request_logs (created_at, method, path, status, latency_ms, request_id) VALUES
           ($1, 'POST', '/api/v1/sms/send', 200, 5, 'req_old'), (now(), 'GET', '/api/v1/balance', 200, 3, 'req_new')`,
        [old],
      );
      await client.query(
        `INSERT INTO request_log_bodies (request_id, account_id, created_at, request) VALUES ('req_old', 'acc', $1, '{}')`,
        [old],
      );
      await migrate(url, all);
      const { rows } = await client.query(`SELECT id::int, request_id FROM request_logs ORDER BY id`);
      expect(rows).toEqual([
        { id: 1, request_id: "req_old" },
        { id: 2, request_id: "req_new" },
      ]);
      expect((await client.query(`SELECT count(*)::int AS n FROM request_log_bodies`)).rows[0].n).toBe(1);
      // The id sequence goes on from where the old table left it.
      const next = await client.query(
        `INSERT INTO request_logs (method, path, status, latency_ms) VALUES ('GET', '/', 404, 1) RETURNING id::int`,
      );
      expect(next.rows[0].id).toBe(3);
      const weeks = await client.query(
        `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'request_logs'::regclass`,
      );
      expect(weeks.rows.map((r) => r.relname)).toContain(weekOf("request_logs", old));
    } finally {
      await client.end();
    }
  });
});
