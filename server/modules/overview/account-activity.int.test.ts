// The Overview's day counters (docs/decisions.md, "First run and the Overview"): triggers append a delta for every message written and every status it
// moves to, and for the money sends spend; the worker folds them. What the Overview reads must equal a recount of
// the messages and the ledger, before and after folding, and a refused request must move nothing.
import { describe, expect, it } from "vitest";
import { api, apiCustomer } from "../../../test/api";
import { useLocalSmsc } from "../../../test/use-local-smsc";
import { sql } from "../../db/client";
import { flushRequestLog } from "../requestlog/request-log-buffer";
import { applySandboxReceipts } from "../sms/apply-sandbox-receipts";
import { refundCharge } from "../billing/refund-charge";
import { dailyCounts } from "./daily-counts";
import { foldDailyCounts } from "./fold-daily-counts";
import { accountActivity } from "./account-activity";

useLocalSmsc();
const today = () => new Date().toISOString().slice(0, 10);

/** What the counters must say, counted from the rows themselves. */
async function recount(accountId: string) {
  const { rows } = await sql().query<{ day: string; metric: string; mode: string; value: string }>(
    `SELECT day, metric, mode, sum(value)::text AS value FROM (
       SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, 'sms.' || status AS metric, mode::text AS mode, 1 AS value
       FROM sms_messages WHERE account_id = $1
       UNION ALL
       SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'email.' || status, mode::text, 1
       FROM email_messages WHERE account_id = $1
       UNION ALL
       SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 'spend_micros', 'live', -amount_micros
       FROM ledger_entries WHERE account_id = $1 AND kind IN ('reserve', 'debit', 'refund')
     ) r GROUP BY 1, 2, 3 HAVING sum(value) <> 0 ORDER BY 1, 2, 3`,
    [accountId],
  );
  return rows.map((r) => ({ ...r, value: Number(r.value) }));
}

const counted = async (accountId: string) => (await dailyCounts(accountId, "2000-01-01")).filter((c) => c.value !== 0);

describe("the Overview's day counters", () => {
  it("equal a recount of messages and spend, before and after the worker folds them", async () => {
    const c = await apiCustomer({ balance: 5 });
    const send = (key: string, to: string) =>
      api("POST", "/api/v1/sms/send", { key, body: { to, message: "Counted" } });
    expect((await send(c.testKey, "+233200000001")).status).toBe(200);
    expect((await send(c.testKey, "+233200000005")).status).toBe(200);
    expect((await send(c.liveKey, "+233241234567")).status).toBe(200);
    const before = await counted(c.accountId);
    // A refused request writes no message and moves no counter.
    expect((await send(c.testKey, "12")).status).toBe(400);
    expect(await counted(c.accountId)).toEqual(before);

    // The worker's receipt job, run once the sandbox's receipts are due.
    await applySandboxReceipts({ limit: 1000, at: new Date(Date.now() + 60_000) });
    const expected = await recount(c.accountId);
    expect(expected).toContainEqual({ day: today(), metric: "sms.delivered", mode: "test", value: 1 });
    expect(expected).toContainEqual({ day: today(), metric: "sms.failed", mode: "test", value: 1 });
    expect(await counted(c.accountId)).toEqual(expected);

    await foldDailyCounts();
    const { rows } = await sql().query("SELECT 1 FROM daily_count_deltas WHERE account_id = $1", [c.accountId]);
    expect(rows).toHaveLength(0);
    expect(await counted(c.accountId)).toEqual(expected);
  });

  it("take a refund off the spend", async () => {
    const c = await apiCustomer({ balance: 5 });
    const sent = await api("POST", "/api/v1/sms/send", {
      key: c.liveKey,
      body: { to: "+233241234567", message: "Refunded later" },
    });
    expect(sent.status).toBe(200);
    const spent = (await counted(c.accountId)).find((r) => r.metric === "spend_micros")!.value;
    expect(spent).toBeGreaterThan(0);
    await refundCharge({
      transactionId: sent.body.data.transaction_id,
      reason: "test refund",
      actor: "test",
      audit: { actor: "test", action: "transaction.refund", reason: "test refund" },
    });
    await foldDailyCounts();
    expect((await counted(c.accountId)).find((r) => r.metric === "spend_micros")).toBeUndefined();
    expect(await counted(c.accountId)).toEqual(await recount(c.accountId));
  });

  it("feed the Overview: today's bar, the month's spend, the balance's days, the latest messages and errors", async () => {
    const c = await apiCustomer({ balance: 5 });
    const sent = await api("POST", "/api/v1/sms/send", {
      key: c.liveKey,
      body: { to: "+233241234567", message: "On the chart" },
    });
    expect(sent.status).toBe(200);
    await api("POST", "/api/v1/sms/send", { key: c.liveKey, body: { to: "12", message: "Refused" } });
    await flushRequestLog();
    const activity = await accountActivity(c.accountId);
    expect(activity.days).toHaveLength(14);
    expect(activity.days.at(-1)).toBe(today());
    const todayBar = activity.messages.live.sms.byDay.at(-1)!;
    expect(todayBar.delivered + todayBar.sending + todayBar.failed + todayBar.unknown).toBe(1);
    expect(activity.messages.live.sms.sent).toBe(1);
    const price = sent.body.data.price.amount as number;
    expect(activity.spend.thisMonth).toBeCloseTo(price, 6);
    expect(activity.balance).toBeCloseTo(5 - price, 6);
    // Spent `price` in 7 days: the balance lasts balance / (price / 7) days.
    const priceMicros = Math.round(price * 1e6);
    expect(activity.balanceDays).toBe(Math.floor(((5e6 - priceMicros) * 7) / priceMicros));
    expect(activity.recentMessages.map((m) => m.transactionId)).toEqual([sent.body.data.transaction_id]);
    expect(activity.recentErrors).toEqual([
      expect.objectContaining({ path: "/api/v1/sms/send", status: 400, code: expect.any(String) }),
    ]);
  });
});
