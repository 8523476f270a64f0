// History for one account, written with plain SQL in a few statements: request-log lines, SMS, email, replies,
// ledger entries and events spread over 60 days, mixed the way traffic is (mostly successes, a few error codes,
// a dozen paths, both keys). The query-plan test seeds enough of it that the planner would scan a table if no
// index served a view; the scale bench seeds millions.
import { sql } from "../server/db/client";
import { foldDailyCounts } from "../server/modules/overview/fold-daily-counts";

export type HistorySizes = { requestLines: number; sms: number; emails: number; ledger: number; events: number };

export const TEST_HISTORY: HistorySizes = {
  requestLines: 200_000,
  sms: 60_000,
  emails: 30_000,
  ledger: 60_000,
  events: 60_000,
};

export type SeededHistory = {
  accountId: string;
  keyPrefix: string;
  requestId: string;
  smsId: string;
  phone: string;
  email: string;
  reference: string;
  emailTransactionId: string;
};

const DAYS = 60;

export async function seedHistory(accountId: string, sizes: HistorySizes = TEST_HISTORY): Promise<SeededHistory> {
  const pool = sql();
  const { rows: keys } = await pool.query<{ id: string; prefix: string; mode: string }>(
    "SELECT id, prefix, mode::text FROM api_keys WHERE account_id = $1 ORDER BY mode",
    [accountId],
  );
  const live = keys.find((k) => k.mode === "live") ?? keys[0]!;
  const test = keys.find((k) => k.mode === "test") ?? keys[0]!;
  await pool.query("SELECT kasa_ensure_week_partitions($1, now() - $2 * interval '1 day', now())", [
    "request_logs",
    DAYS + 1,
  ]);
  await pool.query("SELECT kasa_ensure_week_partitions($1, now() - $2 * interval '1 day', now())", [
    "request_log_bodies",
    DAYS + 1,
  ]);
  // i spreads each table's rows evenly over the 60 days, newest last.
  const at = (n: number) => `now() - ((${n} - i)::float8 / ${n}) * interval '${DAYS} days'`;
  await pool.query(
    `INSERT INTO request_logs (created_at, account_id, api_key_id, key_prefix, mode, method, path, status, error_code,
       latency_ms, transaction_id, idempotent_replay, service, request_id)
     SELECT ${at(sizes.requestLines)}, $1,
       CASE WHEN i % 4 = 0 THEN $4 ELSE $2 END, CASE WHEN i % 4 = 0 THEN $5 ELSE $3 END,
       CASE WHEN i % 4 = 0 THEN 'test' ELSE 'live' END::key_mode,
       CASE WHEN i % 3 = 0 THEN 'GET' ELSE 'POST' END,
       (ARRAY['/api/v1/sms/send','/api/v1/sms/status','/api/v1/sms/countries','/api/v1/email/send',
              '/api/v1/email/batch','/api/v1/email/status','/api/v1/balance','/api/v1/webhooks',
              '/api/v1/data/purchase','/api/v1/airtime/purchase','/api/v1/requests','/api/v1/domains'])[1 + i % 12],
       CASE WHEN i % 50 = 0 THEN 500 + i % 4 WHEN i % 10 = 0 THEN 400 + i % 30 ELSE 200 END,
       CASE WHEN i % 50 = 0 THEN 'SERVICE_UNAVAILABLE' WHEN i % 20 = 0 THEN 'INVALID_PHONE_NUMBER'
            WHEN i % 10 = 0 THEN 'INSUFFICIENT_BALANCE' END,
       5 + i % 90, CASE WHEN i % 12 = 0 THEN 'sms_seed_' || i END, false,
       (ARRAY['sms','email','data','airtime'])[1 + i % 4]::service, 'req_seed_' || i
     FROM generate_series(1, ${sizes.requestLines}) AS i`,
    [accountId, live.id, live.prefix, test.id, test.prefix],
  );
  await pool.query(
    `INSERT INTO sms_messages (id, account_id, api_key_id, mode, to_number, sender, body, reference, encoding, characters,
       segments, country_iso, route, region, provider, provider_message_id, status, price_micros, currency, created_at,
       updated_at)
     SELECT 'sms_seed_' || i, $1, $2, 'live', '+23324' || lpad((i % 5000)::text, 7, '0'), 'Kasa', 'Your code is ' || i,
       CASE WHEN i % 7 = 0 THEN 'order-' || i END, 'GSM-7', 17, 1, 'GH', 'africa_local', 'africa', 'sandbox',
       'SM' || i, (ARRAY['delivered','delivered','delivered','failed','sent'])[1 + i % 5]::sms_status, 20000, 'USD',
       ${at(sizes.sms)}, ${at(sizes.sms)}
     FROM generate_series(1, ${sizes.sms}) AS i`,
    [accountId, live.id],
  );
  await pool.query(
    `INSERT INTO email_messages (id, transaction_id, account_id, api_key_id, mode, sender, to_addresses, cc_addresses,
       bcc_addresses, subject, recipients, status, price_micros, currency, tags, created_at, updated_at)
     SELECT 'email_seed_' || i, 'email_seed_' || i, $1, $2, 'live', 'Shop <orders@shop.example>',
       ARRAY['customer' || (i % 3000) || '@example.com'], ARRAY[]::text[], ARRAY[]::text[], 'Order ' || i, 1,
       (ARRAY['delivered','sent','failed'])[1 + i % 3]::email_status, 1000, 'USD',
       jsonb_build_array(jsonb_build_object('name', 'campaign', 'value', 'c' || (i % 10))),
       ${at(sizes.emails)}, ${at(sizes.emails)}
     FROM generate_series(1, ${sizes.emails}) AS i`,
    [accountId, live.id],
  );
  await pool.query(
    `INSERT INTO inbound_sms (id, account_id, from_number, to_address, body, provider, received_at)
     SELECT 'in_seed_' || i, $1, '+23324' || lpad((i % 5000)::text, 7, '0'), 'Kasa', 'STOP', 'sandbox',
       now() - (i::float8 / 2000) * interval '${DAYS} days'
     FROM generate_series(1, 2000) AS i`,
    [accountId],
  );
  await pool.query(
    `INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id,
       created_at)
     SELECT $1, 'reserve', -20000, 1000000000, 'sms', 'seed', 'sms_seed_' || i, ${at(sizes.ledger)}
     FROM generate_series(1, ${sizes.ledger}) AS i`,
    [accountId],
  );
  await pool.query(
    `INSERT INTO events (account_id, transaction_id, event, data, created_at)
     SELECT $1, 'sms_seed_' || i, 'sms.delivered', jsonb_build_object('transaction_id', 'sms_seed_' || i), ${at(sizes.events)}
     FROM generate_series(1, ${sizes.events}) AS i`,
    [accountId],
  );
  // The endpoint comes after the events (its outbox trigger would write a delivery per event, row by row); their
  // deliveries are then written in one statement, a tenth of them test mode, some failed.
  await pool.query(
    `INSERT INTO webhook_endpoints (id, account_id, url, events, secret)
     VALUES (gen_random_uuid(), $1, 'https://hooks.example.com/kasa', ARRAY['*'], 'sealed')`,
    [accountId],
  );
  await pool.query(
    `INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, transaction_id, event, payload, status,
       attempts, created_at, delivered_at, livemode)
     SELECT gen_random_uuid(), e.account_id, w.id, e.id, e.transaction_id, e.event, '{}',
       CASE WHEN e.id % 20 = 0 THEN 'failed' ELSE 'succeeded' END, 1, e.created_at, e.created_at, e.id % 10 <> 0
     FROM events e JOIN webhook_endpoints w ON w.account_id = e.account_id WHERE e.account_id = $1`,
    [accountId],
  );
  await pool.query(
    `INSERT INTO topups (id, account_id, actor, mode, kind, phone_number, country_iso, network, price_micros, currency,
       status, provider, provider_reference, created_at, updated_at)
     SELECT 'top_seed_' || i, $1, 'seed', 'live', CASE WHEN i % 2 = 0 THEN 'data' ELSE 'airtime' END,
       '+23324' || lpad((i % 5000)::text, 7, '0'), 'GH', 'mtn', 500000, 'USD', 'success', 'sandbox', 'ref_seed_' || i,
       ${at(sizes.sms / 3)}, ${at(sizes.sms / 3)}
     FROM generate_series(1, ${Math.floor(sizes.sms / 3)}) AS i`,
    [accountId],
  );
  await pool.query(
    `INSERT INTO payments (id, account_id, provider, reference, amount_micros, currency, status, created_by, created_at)
     SELECT 'pay_seed_' || i, $1, 'sandbox', 'pref_seed_' || i, 10000000, 'USD', 'success', 'seed', ${at(sizes.sms / 3)}
     FROM generate_series(1, ${Math.floor(sizes.sms / 3)}) AS i`,
    [accountId],
  );
  // Other accounts' days (usage_daily names accounts without a foreign key): the table is as long as the deployment's.
  await pool.query(
    `INSERT INTO usage_daily (account_id, day, service, mode, requests, quota_requests, errors)
     SELECT 'acc_seed_' || a, current_date - d, s, m, 10, 9, 1
     FROM generate_series(1, 300) a, generate_series(0, ${DAYS - 1}) d,
       unnest(ARRAY['sms','email','data','airtime']::service[]) s, unnest(ARRAY['test','live']::key_mode[]) m`,
  );
  await pool.query(
    `INSERT INTO usage_daily (account_id, day, service, mode, requests, quota_requests, errors)
     SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, service, mode, count(*),
       count(*) FILTER (WHERE status < 400), count(*) FILTER (WHERE status >= 400)
     FROM request_logs WHERE account_id = $1 GROUP BY 1, 2, 3, 4
     ON CONFLICT (account_id, day, service, mode) DO UPDATE SET requests = usage_daily.requests + EXCLUDED.requests,
       quota_requests = usage_daily.quota_requests + EXCLUDED.quota_requests, errors = usage_daily.errors + EXCLUDED.errors`,
    [accountId],
  );
  // The day counters' deltas the seed's messages and ledger entries appended, folded as the worker does every few
  // seconds: left unfolded, they would be a table no deployment has (and the planner may rightly scan it).
  await foldDailyCounts();
  await pool.query(
    "ANALYZE request_logs, sms_messages, email_messages, inbound_sms, ledger_entries, events, webhook_deliveries, topups, payments, usage_daily, daily_counts, daily_count_deltas",
  );
  return {
    accountId,
    keyPrefix: live.prefix,
    requestId: `req_seed_${Math.floor(sizes.requestLines / 2)}`,
    smsId: `sms_seed_${Math.floor(sizes.sms / 2)}`,
    phone: "+233240001234",
    email: "customer1234@example.com",
    reference: `order-${7 * Math.floor(sizes.sms / 14)}`,
    emailTransactionId: `email_seed_${Math.floor(sizes.emails / 2)}`,
  };
}
