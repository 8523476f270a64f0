import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "../../db/client";
import { randomToken } from "../../lib/ids";
import { apiCustomer } from "../../../test/api";
import { purgeExpiredHistory } from "./purge-expired-history";
import { withConfig } from "../../../test/config";

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function ids(query: string, values: unknown[]): Promise<string[]> {
  return (await sql().query<{ id: string }>(query, values)).rows.map((r) => r.id).sort();
}

describe("history past its retention", () => {
  it("removes old events, finished deliveries with their attempts, spent idempotency records and stale lookup answers, and no money row", async () => {
    const c = await apiCustomer();
    const endpoint = randomUUID();
    await sql().query(
      `INSERT INTO webhook_endpoints (id, account_id, url, events, secret) VALUES ($1, $2, 'https://hooks.example.com', '{*}', 'sealed')`,
      [endpoint, c.accountId],
    );
    const event = async (transactionId: string, at: Date) =>
      (
        await sql().query<{ id: string }>(
          `INSERT INTO events (account_id, transaction_id, event, data, created_at) VALUES ($1, $2, 'sms.sent', '{}', $3)
           RETURNING id::text`,
          [c.accountId, transactionId, at],
        )
      ).rows[0]!.id;
    const oldEvent = await event("sms_old_x", daysAgo(100));
    const recentEvent = await event("sms_new_x", daysAgo(10));
    // The outbox trigger queued a delivery per event; age them as the test needs.
    const delivery = async (transactionId: string, status: string, at: Date) => {
      const { rows } = await sql().query<{ id: string }>(
        `UPDATE webhook_deliveries SET status = $2, created_at = $3 WHERE transaction_id = $1 RETURNING id::text`,
        [transactionId, status, at],
      );
      await sql().query(
        `INSERT INTO webhook_attempts (delivery_id, attempt, status_code, latency_ms) VALUES ($1, 1, 500, 9)`,
        [rows[0]!.id],
      );
      return rows[0]!.id;
    };
    const oldFinished = await delivery("sms_old_x", "failed", daysAgo(40));
    const recent = await delivery("sms_new_x", "succeeded", daysAgo(10));
    await event("sms_retrying_x", daysAgo(10));
    const stillRetrying = await delivery("sms_retrying_x", "pending", daysAgo(40));
    await sql().query(
      `INSERT INTO idempotency_keys (account_id, mode, service, key, request_hash, state, locked_until, expires_at)
       VALUES ($1, 'live', 'sms', 'spent', 'h', 'done', now(), now() - interval '1 hour'),
              ($1, 'live', 'sms', 'fresh', 'h', 'done', now(), now() + interval '1 hour')`,
      [c.accountId],
    );
    const money = `pay_${randomToken(12)}`;
    await sql().query(
      `INSERT INTO payments (id, account_id, provider, reference, amount_micros, currency, status, created_by, created_at)
       VALUES ($1, $2, 'sandbox', $1, 1000000, 'USD', 'success', 'test', $3)`,
      [money, c.accountId, daysAgo(400)],
    );
    await sql().query(
      `INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id, created_at)
       VALUES ($1, 'credit', 1000000, 1000000, 'old top-up', 'test', $2, $3)`,
      [c.accountId, money, daysAgo(400)],
    );

    // The lookup provider's answers are kept LOOKUP_CACHE_HOURS (24 unless set), no longer.
    await sql().query(
      `INSERT INTO number_lookups (phone_number, mcc, mnc, carrier_name, line_type, looked_up_at)
       VALUES ('+233244000001', '620', '02', 'Telecel', 'mobile', now() - interval '25 hours'),
              ('+233244000002', '620', '01', 'MTN', 'mobile', now() - interval '23 hours')`,
    );

    expect(await purgeExpiredHistory()).toBe(4);
    expect(await ids(`SELECT phone_number AS id FROM number_lookups`, [])).toEqual(["+233244000002"]);

    expect(await ids(`SELECT id::text FROM events WHERE account_id = $1`, [c.accountId])).not.toContain(oldEvent);
    expect(await ids(`SELECT id::text FROM events WHERE account_id = $1`, [c.accountId])).toContain(recentEvent);
    expect(await ids(`SELECT id::text FROM webhook_deliveries WHERE account_id = $1`, [c.accountId])).toEqual(
      [recent, stillRetrying].sort(),
    );
    expect(
      await ids(`SELECT delivery_id::text AS id FROM webhook_attempts WHERE delivery_id = ANY($1::uuid[])`, [
        [oldFinished, recent, stillRetrying],
      ]),
    ).toEqual([recent, stillRetrying].sort());
    expect(await ids(`SELECT key AS id FROM idempotency_keys WHERE account_id = $1`, [c.accountId])).toEqual(["fresh"]);
    expect(await ids(`SELECT id FROM payments WHERE id = $1`, [money])).toEqual([money]);
    expect(await ids(`SELECT transaction_id AS id FROM ledger_entries WHERE transaction_id = $1`, [money])).toEqual([
      money,
    ]);

    // Its own setting: a shorter event retention takes the recent event too; nothing is left to do after.
    await withConfig({ KASA_EVENT_RETENTION_DAYS: "5" }, async () => {
      expect(await purgeExpiredHistory()).toBe(2);
      expect(await purgeExpiredHistory()).toBe(0);
    });
  });
});
