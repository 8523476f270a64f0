// The SQL that writes the scale bench's rows (scale-seed.ts runs it): one INSERT ... SELECT over
// generate_series per table and chunk. Every column is picked from a hash of the row's number, so a request-log
// line, the SMS it created, that SMS's ledger entries, its event and its webhook delivery agree.

export const DAYS = 60;
export const SPAN_US = DAYS * 86_400_000_000;

export type BigAccount = {
  accountId: string;
  ownerUserId: string;
  live: { id: string; prefix: string };
  test: { id: string; prefix: string };
  endpointId: string;
};

// The accounts a statement writes for: n, account_id and both keys. n = 0 is the big account.
export type Accounts = string;

export const lit = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** A number in [0, mod) fixed by (key, salt): the same row gets the same pick in every table. */
export const rnd = (key: string, salt: number, mod: number) =>
  `((hashint8((${key})::bigint * 16 + ${salt})::bigint + 2147483648) % ${mod})`;

/** The SMS id of message k of account n: SPEC's sms_<token>_<token>. */
export const smsId = (n: string, k: string) =>
  `'sms_' || substr(md5(${n} || ':' || ${k}), 1, 16) || '_' || substr(md5(${n} || ':' || ${k}), 17, 16)`;
/** One number for (account, row): the key of every pick. */
const rowKey = (n: string, k: string) => `(${n})::bigint * 1000000000 + (${k})`;
const smsLive = (n: string, k: string) => `${rnd(rowKey(n, k), 9, 10)} < 7`;
export const smsStatus = (n: string, k: string) =>
  `(CASE WHEN ${rnd(rowKey(n, k), 8, 1000)} < 50 THEN 'failed' WHEN ${rnd(rowKey(n, k), 8, 1000)} < 150 THEN 'sent' ELSE 'delivered' END)`;
/** 50,000 Ghanaian mobile numbers, so a number has a handful of messages (what a support search finds). */
export const smsPhone = (n: string, k: string) => `'+23324' || (1000000 + ${rnd(rowKey(n, k), 6, 50000)} * 13)::text`;
export const smsReferenceSql = (n: string, k: string) =>
  `CASE WHEN ${rnd(rowKey(n, k), 10, 10)} < 3 THEN 'order-' || ${n} || '-' || ${k} END`;

/** The /api/v1 paths of the log: [method, path, service, weight among answers of 2xx, weight among errors]. */
const ENDPOINTS: [string, string, string | null, number, number][] = [
  ["POST", "/api/v1/sms/send", "sms", 0, 50], // its 2xx lines are the SMS rows' own (one per message)
  ["GET", "/api/v1/sms/status", null, 30, 10],
  ["GET", "/api/v1/sms/countries", null, 10, 0],
  ["POST", "/api/v1/email/send", "email", 10, 15],
  ["POST", "/api/v1/email/batch", "email", 2, 5],
  ["GET", "/api/v1/email/status", null, 8, 0],
  ["GET", "/api/v1/balance", null, 15, 0],
  ["GET", "/api/v1/data/bundles", null, 4, 0],
  ["POST", "/api/v1/data/purchase", "data", 1, 10],
  ["GET", "/api/v1/data/status", null, 1, 0],
  ["GET", "/api/v1/airtime/operators", null, 4, 0],
  ["POST", "/api/v1/airtime/purchase", "airtime", 1, 10],
  ["GET", "/api/v1/requests", null, 6, 0],
  ["GET", "/api/v1/webhooks", null, 3, 0],
  ["GET", "/api/v1/domains", null, 3, 0],
  ["GET", "/api/v1/sender-ids", null, 2, 0],
];
/** [code, status, weight]: what refused and failed lines answered. */
const CLIENT_ERRORS: [string, number, number][] = [
  ["INVALID_PHONE_NUMBER", 400, 40],
  ["INVALID_REQUEST", 400, 25],
  ["RATE_LIMIT_EXCEEDED", 429, 15],
  ["INSUFFICIENT_BALANCE", 402, 10],
  ["NOT_FOUND", 404, 10],
];
const SERVER_ERRORS: [string, number, number][] = [
  ["SMS_SEND_FAILED", 503, 50],
  ["PROVIDER_ERROR", 502, 30],
  ["INTERNAL_ERROR", 500, 20],
];
/** How varied the log is, for the report. */
export const SEEDED_MIX = { paths: ENDPOINTS.length, errorCodes: CLIENT_ERRORS.length + SERVER_ERRORS.length };
/** Codes some lines carry, for the bench's filters. */
export const SEEDED_ERROR_CODE = CLIENT_ERRORS[0]![0];

/** CASE over cumulative weights: the 1-based index of the entry `r` (in [0, total)) falls in. */
function pick(r: string, weights: number[]) {
  let sum = 0;
  const arms = weights.map((w, i) => (w > 0 ? `WHEN ${r} < ${(sum += w)} THEN ${i + 1}` : "")).filter(Boolean);
  return `(CASE ${arms.join(" ")} END)`;
}
const total = (weights: number[]) => weights.reduce((a, b) => a + b, 0);
const textArray = (values: (string | null)[]) =>
  `ARRAY[${values.map((v) => (v === null ? "NULL" : lit(v))).join(", ")}]::text[]`;

export type Population = {
  accounts: Accounts;
  /** Rows per account. */
  lines: number;
  sms: number;
};

/** Request-log lines [from, to] of every account in the population, each with its redacted bodies, in one statement. */
export function requestLogChunk(p: Population, t0: string, from: number, to: number) {
  const ratio = Math.max(1, Math.floor(p.lines / p.sms));
  // Send lines (one per SMS) are 2xx; the rest share out the classes so the whole log is ~90/8/2 % 2xx/4xx/5xx.
  const rest = (ratio - 1) / ratio || 1;
  const clientUntil = Math.round((0.08 / rest) * 1000);
  const serverUntil = clientUntil + Math.round((0.02 / rest) * 1000);
  const ok = ENDPOINTS.map((e) => e[3]);
  const bad = ENDPOINTS.map((e) => e[4]);
  const key = rowKey("a.n", "i");
  return `WITH lines AS (
    INSERT INTO request_logs (created_at, account_id, api_key_id, key_prefix, mode, method, path, status, error_code,
                              latency_ms, transaction_id, idempotent_replay, service, request_id)
    SELECT t, a.account_id, CASE WHEN live THEN a.live_key ELSE a.test_key END,
           CASE WHEN live THEN a.live_prefix ELSE a.test_prefix END, (CASE WHEN live THEN 'live' ELSE 'test' END)::key_mode,
           (${textArray(ENDPOINTS.map((e) => e[0]))})[e], (${textArray(ENDPOINTS.map((e) => e[1]))})[e], status, code,
           CASE WHEN status >= 500 THEN 800 ELSE 4 END + ${rnd(key, 4, 250)},
           CASE WHEN send THEN ${smsId("a.n", `(i / ${ratio})`)}
                WHEN status < 300 AND e IN (4, 5) THEN 'email_' || substr(md5('e' || ${key}), 1, 20)
                WHEN status < 300 AND e = 9 THEN 'data_' || substr(md5('d' || ${key}), 1, 20)
                WHEN status < 300 AND e = 12 THEN 'airtime_' || substr(md5('t' || ${key}), 1, 20) END,
           (${textArray(ENDPOINTS.map((e) => e[0]))})[e] = 'POST' AND ${rnd(key, 5, 200)} = 0,
           (${textArray(ENDPOINTS.map((e) => e[2]))})[e]::service,
           'req_' || substr(md5('r' || ${key}), 1, 24)
    FROM (${p.accounts}) a
    CROSS JOIN generate_series(${from}::bigint, ${to}::bigint) i
    CROSS JOIN LATERAL (SELECT i % ${ratio} = 0 AND i / ${ratio} <= ${p.sms} AS send,
                               ${rnd(key, 1, 1000)} AS r,
                               ${t0}::timestamptz + (i * ${Math.floor(SPAN_US / p.lines)}) * interval '1 microsecond' AS t) x
    CROSS JOIN LATERAL (SELECT CASE WHEN send THEN 2 WHEN r < ${clientUntil} THEN 4 WHEN r < ${serverUntil} THEN 5 ELSE 2 END AS class,
                               CASE WHEN send THEN ${smsLive("a.n", `(i / ${ratio})`)} ELSE ${rnd(key, 3, 10)} < 7 END AS live) c
    CROSS JOIN LATERAL (SELECT CASE WHEN send THEN 1 WHEN class = 2 THEN ${pick(rnd(key, 2, total(ok)), ok)}
                                    ELSE ${pick(rnd(key, 2, total(bad)), bad)} END AS e,
                               CASE class WHEN 4 THEN ${pick(
                                 rnd(key, 6, 100),
                                 CLIENT_ERRORS.map((c) => c[2]),
                               )}
                                          WHEN 5 THEN ${pick(
                                            rnd(key, 6, 100),
                                            SERVER_ERRORS.map((c) => c[2]),
                                          )} END AS ci) d
    CROSS JOIN LATERAL (SELECT CASE class WHEN 4 THEN (${textArray(CLIENT_ERRORS.map((c) => c[0]))})[ci]
                                          WHEN 5 THEN (${textArray(SERVER_ERRORS.map((c) => c[0]))})[ci] END AS code,
                               CASE class WHEN 4 THEN (ARRAY[${CLIENT_ERRORS.map((c) => c[1]).join(", ")}])[ci]
                                          WHEN 5 THEN (ARRAY[${SERVER_ERRORS.map((c) => c[1]).join(", ")}])[ci] ELSE 200 END AS status) s
    ORDER BY t, a.n
    RETURNING request_id, account_id, created_at, method, path, status, error_code, transaction_id)
  INSERT INTO request_log_bodies (request_id, account_id, created_at, request, response)
  SELECT request_id, account_id, created_at,
         CASE WHEN method = 'POST' THEN jsonb_build_object('to', '+233241234567', 'message', '[redacted: 24 characters]') END,
         CASE WHEN status < 400 THEN jsonb_build_object('success', true, 'data', jsonb_build_object('transaction_id', transaction_id, 'status', 'sent'))
              ELSE jsonb_build_object('success', false, 'error', jsonb_build_object('code', error_code, 'message', 'Seeded ' || error_code)) END
  FROM lines`;
}

/** SMS [from, to] of every account in the population. */
export function smsChunk(p: Population, t0: string, from: number, to: number) {
  const key = rowKey("a.n", "k");
  return `INSERT INTO sms_messages (id, account_id, api_key_id, mode, to_number, sender, body, reference, encoding, characters,
                              segments, country_iso, route, region, provider, provider_message_id, status, price_micros,
                              currency, error_code, error_message, created_at, updated_at, delivered_at, carrier_attempts,
                              failure_reason, category)
    SELECT ${smsId("a.n", "k")}, a.account_id, CASE WHEN live THEN a.live_key ELSE a.test_key END,
           (CASE WHEN live THEN 'live' ELSE 'test' END)::key_mode, ${smsPhone("a.n", "k")},
           CASE WHEN ${rnd(key, 11, 4)} = 0 THEN 'BenchCo' ELSE 'Kasa' END,
           'Your code is ' || lpad((${key} % 1000000)::text, 6, '0') || repeat('.', (chars - 19)::int), ${smsReferenceSql("a.n", "k")},
           'GSM-7', chars, segments, 'GH', 'africa_local', 'africa', CASE WHEN live THEN 'twilio' ELSE 'sandbox' END,
           'SM' || md5('p' || ${key}), status::sms_status, 20000 * segments, 'USD',
           CASE WHEN status = 'failed' THEN '30003' END, CASE WHEN status = 'failed' THEN 'Unreachable destination handset' END,
           t, t + interval '4 seconds', CASE WHEN status = 'delivered' THEN t + interval '4 seconds' END,
           CASE WHEN live THEN jsonb_build_array(jsonb_build_object('carrier', 'twilio', 'outcome', 'accepted', 'detail', NULL, 'at', t))
                ELSE '[]'::jsonb END,
           CASE WHEN status = 'failed' THEN 'absent_subscriber' END,
           CASE WHEN ${rnd(key, 12, 5)} = 0 THEN 'promotional' ELSE 'transactional' END
    FROM (${p.accounts}) a
    CROSS JOIN generate_series(${from}::bigint, ${to}::bigint) k
    CROSS JOIN LATERAL (SELECT ${smsLive("a.n", "k")} AS live, ${smsStatus("a.n", "k")} AS status,
                               1 + (${rnd(key, 7, 10)} = 0)::int AS segments,
                               ${t0}::timestamptz + (k * ${Math.floor(SPAN_US / p.sms)}) * interval '1 microsecond' AS t) x
    CROSS JOIN LATERAL (SELECT CASE WHEN segments = 1 THEN 20 + ${rnd(key, 13, 140)} ELSE 170 + ${rnd(key, 13, 130)} END AS chars) c
    ORDER BY t, a.n`;
}

/**
 * Ledger entries of `pairs` live SMS of each account (test sends move no money), spread evenly over its live SMS and
 * numbered 1..pairs, those numbered [from, to]: a reserve, then a capture (a refund when the SMS failed), and now and
 * then a top-up credit. balance_after is plausible, not a running sum: no statement here changes accounts.balance_micros.
 * SMS that had entries before the seed (ledger ids up to `entriesBefore`: real sends) are left out.
 */
export function ledgerChunk(p: Population, entriesBefore: string, pairs: number, from: number, to: number) {
  return `INSERT INTO ledger_entries (account_id, kind, amount_micros, balance_after_micros, reason, actor, transaction_id, created_at)
    SELECT s.account_id, kind::ledger_kind,
           CASE kind WHEN 'reserve' THEN -s.price_micros WHEN 'capture' THEN 0 WHEN 'refund' THEN s.price_micros ELSE 100000000 END,
           1000000000000 - j * 40000 + CASE kind WHEN 'refund' THEN s.price_micros WHEN 'credit' THEN 100000000 ELSE 0 END,
           CASE kind WHEN 'credit' THEN 'Top-up by paystack' WHEN 'refund' THEN 'Refund: SMS to ' || s.to_number ELSE 'SMS to ' || s.to_number END,
           CASE WHEN kind = 'credit' THEN 'system' ELSE s.api_key_id END,
           CASE WHEN kind <> 'credit' THEN s.id END,
           s.created_at + step * interval '2 seconds'
    FROM (SELECT m.id, m.account_id, m.api_key_id, m.to_number, m.price_micros, m.status, m.created_at,
                 row_number() OVER (PARTITION BY m.account_id ORDER BY m.created_at, m.id) AS rn,
                 count(*) OVER (PARTITION BY m.account_id) AS live
          FROM sms_messages m JOIN (${p.accounts}) a ON a.account_id = m.account_id
          WHERE m.mode = 'live'
            AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.transaction_id = m.id AND l.id <= ${entriesBefore})) s
    CROSS JOIN LATERAL (SELECT s.rn * ${pairs} / s.live AS j) jj
    CROSS JOIN LATERAL generate_series(0, CASE WHEN j % 5000 = 0 THEN 2 ELSE 1 END) step
    CROSS JOIN LATERAL (SELECT CASE step WHEN 0 THEN 'reserve' WHEN 1 THEN CASE WHEN s.status = 'failed' THEN 'refund' ELSE 'capture' END
                                         ELSE 'credit' END AS kind) y
    WHERE j > (s.rn - 1) * ${pairs} / s.live AND j BETWEEN ${from} AND ${to}
    ORDER BY s.created_at, s.account_id, step`;
}

export const bigAccounts = (big: BigAccount): Accounts =>
  `SELECT 0::bigint AS n, ${lit(big.accountId)}::text AS account_id, ${lit(big.live.id)}::text AS live_key,
          ${lit(big.live.prefix)}::text AS live_prefix, ${lit(big.test.id)}::text AS test_key, ${lit(big.test.prefix)}::text AS test_prefix`;

export const smallAccounts = (count: number): Accounts =>
  `SELECT n, 'acct_' || substr(md5('small:' || n), 1, 20) AS account_id,
          'key_' || substr(md5('small-live:' || n), 1, 20) AS live_key, 'kasa_live_' || substr(md5('small-live-prefix:' || n), 1, 6) AS live_prefix,
          'key_' || substr(md5('small-test:' || n), 1, 20) AS test_key, 'kasa_test_' || substr(md5('small-test-prefix:' || n), 1, 6) AS test_prefix
   FROM generate_series(1::bigint, ${count}) n`;

/** The SMS of the big account whose id, number and reference the bench searches for: one with an event, a delivery and a reference. */
export function bigSmsSql(k: string) {
  return `SELECT ${smsId("0", k)} AS id, ${smsPhone("0", k)} AS phone, ${smsReferenceSql("0", k)} AS reference`;
}
