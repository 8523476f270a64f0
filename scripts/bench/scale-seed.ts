// The scale bench's data (docs/decisions.md, "History and retention"): one big customer's 60 days and a
// thousand small ones around it, written with plain SQL (INSERT ... SELECT FROM
// generate_series; scale-seed-sql.ts), a chunk at a time so progress shows.
import pg from "pg";
import { SCOPES } from "../../server/modules/keys/scopes";
import { foldDailyCounts } from "../../server/modules/overview/fold-daily-counts";
import { foldDeliveryCounts } from "../../server/modules/insights/fold-delivery-counts";
import {
  DAYS,
  SPAN_US,
  bigAccounts,
  ledgerChunk,
  lit,
  requestLogChunk,
  rnd,
  smallAccounts,
  smsChunk,
  smsId,
  smsPhone,
  smsStatus,
  type BigAccount,
  type Population,
} from "./scale-seed-sql";

export type { BigAccount } from "./scale-seed-sql";
export { SEEDED_ERROR_CODE, SEEDED_MIX, bigSmsSql, smsReferenceSql } from "./scale-seed-sql";

/** BENCH_SCALE=0.01: a hundredth of every size (a quick run); 1: the sizes docs/decisions.md, "History and retention" asks for. */
export const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const CHUNK = 1_000_000;
const SMALL = { requestLogs: 300, sms: 50, ledger: 50 };

export type ScaleSizes = ReturnType<typeof scaleSizes>;

export function scaleSizes(scale = SCALE) {
  const n = (full: number) => Math.max(1, Math.round(full * scale));
  return {
    requestLogs: n(10_000_000),
    sms: n(1_000_000),
    ledger: n(1_000_000),
    deliveries: n(200_000),
    audit: n(2_000),
    smallAccounts: n(1_000),
    perSmallAccount: SMALL,
  };
}

/** SMS k of the big account raised an event (and so a webhook delivery) when k is a multiple of this. */
export function deliveryStride(sizes: ScaleSizes) {
  return Math.max(1, Math.round(sizes.sms / sizes.deliveries));
}

export async function seedScale(databaseUrl: string, big: BigAccount, sizes: ScaleSizes) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  const say = (what: string) =>
    console.log(`bench: scale: ${what} (${Math.round((performance.now() - started) / 1000)} s)`);
  try {
    // A seed that fails halfway is thrown away with the database: no need to wait for each commit's flush.
    await client.query("SET synchronous_commit = off");
    await client.query("SET work_mem = '256MB'");
    await client.query("SET maintenance_work_mem = '512MB'");
    const t0 = lit(new Date(Date.now() - DAYS * 86_400_000).toISOString());
    const maxId = async (table: string) =>
      (await client.query<{ id: string | null }>(`SELECT max(id)::text AS id FROM ${table}`)).rows[0]!.id ?? "0";
    const linesBefore = await maxId("request_logs");
    const entriesBefore = await maxId("ledger_entries");
    const bigPop: Population = { accounts: bigAccounts(big), lines: sizes.requestLogs, sms: sizes.sms };

    await chunked("SMS", sizes.sms, CHUNK, (a, b) => client.query(smsChunk(bigPop, t0, a, b)), say);
    await chunked(
      "request-log lines (with their bodies)",
      sizes.requestLogs,
      CHUNK,
      (a, b) => client.query(requestLogChunk(bigPop, t0, a, b)),
      say,
    );
    const pairs = Math.floor(sizes.ledger / 2);
    await chunked(
      "ledger entries",
      pairs * 2,
      CHUNK,
      (a, b) => client.query(ledgerChunk(bigPop, entriesBefore, pairs, Math.floor(a / 2) + 1, Math.floor(b / 2))),
      say,
    );
    await seedWebhooks(client, big, sizes, t0, say);
    await client.query(
      `INSERT INTO audit_events (actor, action, account_id, target, data, created_at)
       SELECT ${lit(big.ownerUserId)}, (ARRAY['key.created', 'key.revoked', 'webhook.registered', 'domain.added', 'sender_id.applied',
                                               'billing.top_up_started', 'account.renamed', 'member.invited'])[1 + n % 8],
              ${lit(big.accountId)}, 'seed_' || n, '{}'::jsonb,
              ${t0}::timestamptz + n * ${Math.floor(SPAN_US / sizes.audit)} * interval '1 microsecond'
       FROM generate_series(1, ${sizes.audit}) n`,
    );
    say(`${sizes.audit} audit events`);

    await seedSmallAccounts(client, sizes, t0);
    say(`${sizes.smallAccounts} small accounts`);

    // The day counters the request-log writer keeps (usage_daily), for the lines just written, as its migration backfilled them.
    await client.query(
      `INSERT INTO usage_daily (account_id, day, service, mode, requests, quota_requests, errors)
       SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, service, mode, count(*),
              count(*) FILTER (WHERE NOT idempotent_replay AND (status < 400 OR transaction_id IS NOT NULL)),
              count(*) FILTER (WHERE status >= 400)
       FROM request_logs
       WHERE id > ${linesBefore} AND account_id IS NOT NULL AND service IS NOT NULL AND mode IS NOT NULL
       GROUP BY 1, 2, 3, 4
       ON CONFLICT (account_id, day, service, mode) DO UPDATE SET
         requests = usage_daily.requests + EXCLUDED.requests,
         quota_requests = usage_daily.quota_requests + EXCLUDED.quota_requests,
         errors = usage_daily.errors + EXCLUDED.errors`,
    );
    say("usage_daily filled from the lines");
    // The Overview's day counters: the seed's messages and ledger entries appended their deltas; fold them now.
    say(`${await foldDailyCounts()} day-counter deltas folded`);
    say(`${await foldDeliveryCounts()} delivery-counter deltas folded`);
    await client.query("VACUUM (ANALYZE)");
    say("VACUUM ANALYZE done");
    // Flush what the seed and the vacuum dirtied now, not during the measurement that follows (a live send's
    // throughput moved by 50 % between two runs while the checkpointer wrote gigabytes behind it).
    await client.query("CHECKPOINT");
    say("CHECKPOINT done");
    return { seconds: Math.round((performance.now() - started) / 1000) };
  } finally {
    await client.end();
  }
}

async function chunked(
  what: string,
  count: number,
  size: number,
  write: (from: number, to: number) => Promise<unknown>,
  say: (what: string) => void,
) {
  for (let from = 1; from <= count; from += size) {
    const to = Math.min(count, from + size - 1);
    await write(from, to);
    say(`${what}: ${to.toLocaleString("en")} / ${count.toLocaleString("en")}`);
  }
}

/**
 * Every `stride`th SMS raised its final event and that event one delivery to the account's endpoint (with one
 * attempt). The events go in while the endpoint is switched off, so the outbox trigger writes nothing, and the
 * deliveries are then written from them directly with the outcomes, times and attempts of a delivery log.
 */
async function seedWebhooks(
  client: pg.Client,
  big: BigAccount,
  sizes: ScaleSizes,
  t0: string,
  say: (w: string) => void,
) {
  const stride = deliveryStride(sizes);
  const count = Math.floor(sizes.sms / stride);
  const { rows } = await client.query<{ id: string | null }>("SELECT max(id)::text AS id FROM events");
  const eventsBefore = rows[0]!.id ?? "0";
  await client.query(`UPDATE webhook_endpoints SET active = false WHERE id = $1`, [big.endpointId]);
  await chunked(
    "events",
    count,
    CHUNK,
    (a, b) =>
      client.query(
        `INSERT INTO events (account_id, transaction_id, event, data, created_at)
         SELECT ${lit(big.accountId)}, id, 'sms.' || status, jsonb_build_object('type', 'sms', 'status', status, 'to', phone),
                ${t0}::timestamptz + (k * ${Math.floor(SPAN_US / sizes.sms)}) * interval '1 microsecond' + interval '5 seconds'
         FROM generate_series(${a}::bigint, ${b}::bigint) m
         CROSS JOIN LATERAL (SELECT m * ${stride} AS k) kk
         CROSS JOIN LATERAL (SELECT ${smsId("0", "k")} AS id, ${smsStatus("0", "k")} AS status, ${smsPhone("0", "k")} AS phone) x
         ORDER BY m`,
      ),
    say,
  );
  await chunked(
    "webhook deliveries",
    count,
    CHUNK,
    (a, b) =>
      client.query(
        `INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, transaction_id, event, payload, status, attempts,
                                         next_attempt_at, last_status_code, last_error, last_latency_ms, response_excerpt,
                                         created_at, delivered_at, livemode)
         SELECT gen_random_uuid(), e.account_id, ${lit(big.endpointId)}::uuid, e.id, e.transaction_id, e.event,
                jsonb_build_object('event', e.event, 'data', jsonb_build_object('transaction_id', e.transaction_id) || e.data
                                   || jsonb_build_object('livemode', e.livemode), 'transaction_id', e.transaction_id,
                                   'timestamp', to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text,
                outcome, CASE outcome WHEN 'failed' THEN 9 ELSE 1 END,
                CASE WHEN outcome = 'pending' THEN now() + interval '5 minutes' END,
                CASE outcome WHEN 'succeeded' THEN 200 ELSE 500 END, CASE WHEN outcome <> 'succeeded' THEN 'HTTP 500' END,
                40 + e.id % 200, CASE outcome WHEN 'succeeded' THEN 'ok' ELSE 'Internal Server Error' END,
                e.created_at, CASE WHEN outcome = 'succeeded' THEN e.created_at + interval '1 second' END, e.livemode
         FROM events e
         CROSS JOIN LATERAL (SELECT CASE WHEN ${rnd("e.id", 14, 100)} < 95 THEN 'succeeded' WHEN ${rnd("e.id", 14, 100)} < 98 THEN 'failed'
                                         ELSE 'pending' END AS outcome) o
         WHERE e.id > ${eventsBefore} + ${a - 1} AND e.id <= ${eventsBefore} + ${b} AND e.account_id = ${lit(big.accountId)}
         ORDER BY e.id`,
      ),
    say,
  );
  await client.query(
    `INSERT INTO webhook_attempts (delivery_id, attempt, status_code, error, latency_ms, attempted_at)
     SELECT id, attempts, last_status_code, last_error, last_latency_ms, created_at + interval '1 second'
     FROM webhook_deliveries WHERE account_id = $1 AND event_id > ${eventsBefore} ORDER BY created_at`,
    [big.accountId],
  );
  await client.query(`UPDATE webhook_endpoints SET active = true WHERE id = $1`, [big.endpointId]);
  say("webhook attempts (the last of each delivery)");
}

/** Accounts as create-account.ts makes them (owner, a test and a live key), each with a few hundred rows of history. */
async function seedSmallAccounts(client: pg.Client, sizes: ScaleSizes, t0: string) {
  const count = sizes.smallAccounts;
  const accounts = smallAccounts(count);
  await client.query(
    `INSERT INTO users (id, email, email_verified_at)
     SELECT 'usr_' || substr(md5('small-owner:' || n), 1, 20), 'owner' || n || '@small.example.com', now() FROM generate_series(1, ${count}) n`,
  );
  await client.query(
    `INSERT INTO accounts (id, name, plan_id, balance_micros, created_at)
     SELECT account_id, 'Small customer ' || n, 'free', 1000000000000 - ${SMALL.ledger / 2} * 40000, ${t0}::timestamptz FROM (${accounts}) a`,
  );
  await client.query(
    `INSERT INTO memberships (account_id, user_id, role)
     SELECT account_id, 'usr_' || substr(md5('small-owner:' || n), 1, 20), 'owner' FROM (${accounts}) a`,
  );
  await client.query(
    `INSERT INTO api_keys (id, account_id, name, mode, prefix, hash, scopes, created_at)
     SELECT k.id, a.account_id, k.name, k.mode::key_mode, k.prefix, encode(sha256(convert_to(k.id, 'UTF8')), 'hex'), $1::text[], ${t0}::timestamptz
     FROM (${accounts}) a
     CROSS JOIN LATERAL (VALUES (a.live_key, 'Default live key', 'live', a.live_prefix),
                                (a.test_key, 'Default test key', 'test', a.test_prefix)) k(id, name, mode, prefix)`,
    [[...SCOPES]],
  );
  const pop: Population = { accounts, lines: SMALL.requestLogs, sms: SMALL.sms };
  await client.query(smsChunk(pop, t0, 1, SMALL.sms));
  await client.query(requestLogChunk(pop, t0, 1, SMALL.requestLogs));
  await client.query(ledgerChunk(pop, "0", SMALL.ledger / 2, 1, SMALL.ledger / 2));
}
