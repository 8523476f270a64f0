// Usage from counters (docs/decisions.md, "History and retention"): the request-log writer adds each line to its day's counters in the statement
// that writes the line, so a send, a refusal and a replay each move the right counter exactly once, a batch the
// database refused and wrote later counts once, and the Usage page equals a recount of the log.
import { describe, expect, it } from "vitest";
import { db, sql } from "../../db/client";
import { api, apiCustomer } from "../../../test/api";
import { waitUntil } from "../../../test/wait-until";
import { flushRequestLog, recordRequest, requestLogStats } from "../requestlog/request-log-buffer";
import { requestLogLineFor } from "../../../test/request-log-line";
import { getUsage } from "./get-usage";

const today = () => new Date().toISOString().slice(0, 10);

async function counters(accountId: string, mode: "test" | "live") {
  const rows = await db().usageDay.findMany({ where: { accountId, mode, service: "sms" } });
  return Object.fromEntries(
    rows.map((r) => [
      r.day.toISOString().slice(0, 10),
      { requests: Number(r.requests), quota: Number(r.quotaRequests), errors: Number(r.errors) },
    ]),
  );
}

/** What the Usage page used to count by scanning the log: the counters must always equal it. */
async function recount(accountId: string, mode: "test" | "live") {
  const { rows } = await sql().query<{ day: string; requests: number; quota: number; errors: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS requests,
            count(*) FILTER (WHERE NOT idempotent_replay AND (status < 400 OR transaction_id IS NOT NULL))::int AS quota,
            count(*) FILTER (WHERE status >= 400)::int AS errors
     FROM request_logs WHERE account_id = $1 AND mode = $2 AND service = 'sms' GROUP BY 1`,
    [accountId, mode],
  );
  return Object.fromEntries(rows.map(({ day, ...n }) => [day, n]));
}

describe("usage counters", () => {
  it("a send, a refusal and a replay each move the right counter once, as a recount of the log says", async () => {
    const c = await apiCustomer({ balance: 10 });
    const send = { to: "+233241234567", message: "Counted", idempotency_key: "usage-once" };
    expect((await api("POST", "/api/v1/sms/send", { key: c.testKey, body: send })).status).toBe(200);
    const replay = await api("POST", "/api/v1/sms/send", { key: c.testKey, body: send });
    expect(replay.headers.get("x-idempotent-replay")).toBe("true");
    expect((await api("POST", "/api/v1/sms/send", { key: c.testKey, body: { to: "12", message: "x" } })).status).toBe(
      400,
    );
    await flushRequestLog();
    expect(await counters(c.accountId, "test")).toEqual({ [today()]: { requests: 3, quota: 1, errors: 1 } });
    expect(await counters(c.accountId, "test")).toEqual(await recount(c.accountId, "test"));
  });

  it("a batch the database refused counts once when it is written, and the Usage page reads the counters", async () => {
    const c = await apiCustomer();
    const line = requestLogLineFor(c);
    const yesterday = new Date(Date.now() - 86_400_000);
    recordRequest(line({ createdAt: yesterday }));
    recordRequest(line({ status: 402, errorCode: "INSUFFICIENT_BALANCE", transactionId: null }));
    await flushRequestLog();
    await sql().query(`ALTER TABLE request_logs RENAME TO request_logs_away`);
    try {
      for (let i = 0; i < 3; i++) recordRequest(line({}));
      await flushRequestLog();
      expect(requestLogStats().held).toBe(3);
    } finally {
      await sql().query(`ALTER TABLE request_logs_away RENAME TO request_logs`);
    }
    await waitUntil(() => requestLogStats().held === 0, "the held lines to be retried", { timeoutMs: 10_000 });
    // The retry has taken the lines (none held) but may still be writing them: its flush is awaited.
    await flushRequestLog();
    const day = yesterday.toISOString().slice(0, 10);
    expect(await counters(c.accountId, "live")).toEqual({
      [day]: { requests: 1, quota: 1, errors: 0 },
      [today()]: { requests: 4, quota: 3, errors: 1 },
    });
    expect(await counters(c.accountId, "live")).toEqual(await recount(c.accountId, "live"));
    const usage = await getUsage({ accountId: c.accountId });
    expect(usage.daily.find((d) => d.day === today())?.sms).toBe(3);
    expect(usage.daily.find((d) => d.day === day)?.sms).toBe(1);
    expect(usage.daily).toHaveLength(30);
  });
});
