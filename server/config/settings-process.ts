// Settings of the processes themselves: where they listen, their database,
// their secrets, their logs and metrics, their limits under load, and how long
// history is kept. The README's configuration table is generated from these
// (npm run docs:config) in this order.
import { connectionString, decimal, list, onOff, oneOf, port, text, url, wholeNumber } from "./setting-kinds";

const IP_OR_HOST = { form: "host names or addresses", test: (v: string) => /^[\w.:[\]-]+$/.test(v) };
const BASE64_32_BYTES = {
  form: "32 bytes in base64 (openssl rand -base64 32)",
  // Standard or URL-safe alphabet: Node reads both into the same 32 bytes.
  test: (v: string) => /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) && Buffer.from(v, "base64").length === 32,
};

export const PROCESS_SETTINGS = {
  DATABASE_URL: connectionString(["postgres:", "postgresql:"], {
    unset: "embedded PostgreSQL",
    doc: "PostgreSQL connection string. When set, it is used as is and nothing is embedded.",
    secret: true,
  }),
  KASA_DATA_DIR: text({
    unset: "`.data`",
    doc: "Local state: the embedded database (`pg/`), the generated session secret (`auth-secret`) and sealing key (`secrets-key`), and the SMTP service's self-signed pair (`smtp-tls/`). Back it up with the database.",
  }),
  KASA_PG_PORT: port(54329, {
    unset: "`54329`",
    doc: "Port of the embedded PostgreSQL (listens on 127.0.0.1 only).",
  }),
  KASA_PG_LOG: onOff(false, { unset: "off", doc: "`on`: the embedded PostgreSQL's log goes to stderr." }),
  KASA_MIGRATIONS_DIR: text({ unset: "`prisma/migrations`", doc: "Where the SQL migrations are read from." }),
  NODE_ENV: text({
    unset: "`development`; `npm start` sets `production`",
    doc: "`production` turns on secure cookies, JSON logs and production-only checks; any other value is not production.",
  }),
  KASA_PUBLIC_URL: url(["http:", "https:"], {
    unset: "`http://localhost:$PORT`",
    doc: "The address people and webhooks use to reach Kasa; used for `docs_url` and sign-in callbacks.",
  }),
  NEXTAUTH_URL: url(["http:", "https:"], {
    unset: "`KASA_PUBLIC_URL`",
    doc: "next-auth's own name for the public address: sign-in callbacks use it when set (else `KASA_PUBLIC_URL`), and it stands in for `KASA_PUBLIC_URL` when that is unset. Leave it unset.",
  }),
  NEXTAUTH_SECRET: text({
    unset: "generated into `$KASA_DATA_DIR/auth-secret`",
    doc: "Key that signs session cookies. Required, and identical, when several web processes run.",
    secret: true,
  }),
  AUTH_SECRET: text({
    unset: "unset",
    doc: "Another name for `NEXTAUTH_SECRET` (next-auth's newer one).",
    secret: true,
  }),
  KASA_SECRETS_KEY: text(
    {
      unset: "generated into `$KASA_DATA_DIR/secrets-key`",
      doc: "32 bytes, base64 (`openssl rand -base64 32`): seals secrets stored in the database (DKIM private keys, webhook signing secrets). Required, and identical, on every process when several run.",
      secret: true,
    },
    BASE64_32_BYTES,
  ),
  PORT: port(3000, { unset: "`3000`", doc: "HTTP port of `npm run dev` / `npm start`." }),
  HOST: text({ unset: "`0.0.0.0`", doc: "Address `npm start` / `npm run dev` listen on." }),
  KASA_WEB_PROCESSES: wholeNumber({ min: 1, max: 256 }, 1, {
    unset: "`1`",
    doc: "`npm start` forks this many web workers sharing the port (node:cluster). Worth it with more cores than the database and the rest of the machine need; on 2 cores it measured slower.",
  }),
  KASA_HEAP_MB: wholeNumber({ min: 64 }, 512, {
    unset: "`512`",
    doc: "`npm start`'s old-space heap limit (V8's default on a large machine lets garbage pile up to gigabytes before collecting it). It holds for each thread of a web process: the API's and Next's, so up to twice this per process.",
  }),
  KASA_DIST_DIR: text({
    unset: "`.next`",
    doc: "Next.js build folder. `npm run build` and `npm start` use `.next`, as does the test suite; the benches build into `node_modules/.cache/kasa/`.",
  }),
  KASA_WORKER: onOff(undefined, {
    unset: "`on` without `DATABASE_URL`, else `off`",
    doc: "Whether `npm start` / `npm run dev` run the worker beside the web server. With your own database, run `npm run worker` separately.",
  }),
  KASA_DB_POOL: wholeNumber({ min: 1, max: 1000 }, undefined, {
    unset: "2 × cores + 2",
    doc: "Database connections per process (more measured slower on 2 cores).",
  }),
  KASA_DB_DASHBOARD_POOL: wholeNumber({ min: 1, max: 1000 }, 4, {
    unset: "`4`",
    doc: "Database connections of the dashboard's own lane (with `npm start`, everything Next serves: pages, sign-in, tRPC), apart from the API's `KASA_DB_POOL`.",
  }),
  KASA_DB_CONNECT_TIMEOUT_MS: wholeNumber({ min: 1 }, 1_000, {
    unset: "`1000`",
    doc: "The longest a request waits for a database connection (opening one, or a free one from the pool) before it is answered 503.",
  }),
  KASA_DB_MAX_WAITING: wholeNumber({ min: 0 }, 1_000, {
    unset: "`1000`",
    doc: "Requests that may queue for a pool's connections; beyond it, 503 at once.",
  }),
  KASA_DB_STALLED_AFTER_MS: wholeNumber({ min: 1 }, 500, {
    unset: "`500`",
    doc: "The API calls the database stalled (and answers new requests 503 at once) when nothing has finished for this long while a connection has been waited for this long, or a statement has run twice as long.",
  }),
  KASA_REQUEST_DEADLINE_MS: wholeNumber({ min: 1 }, 10_000, {
    unset: "`10000`",
    doc: "Every `/api/v1` request's deadline, the carrier's wait included: one not handed over by then is answered 503 with `Retry-After`, and nothing is sent or charged.",
  }),
  KASA_MAX_IN_FLIGHT: wholeNumber({ min: 1 }, 1_000, {
    unset: "`1000`",
    doc: "`/api/v1` requests one process serves at once; beyond it, 503 with `Retry-After` before the body is read.",
  }),
  KASA_ACCOUNT_SHARE: decimal({ min: 0, max: 1, above: true }, 0.5, {
    unset: "`0.5`",
    doc: "The most of those slots one key, or one account, may hold.",
  }),
  KASA_SEND_RECOVERY_AFTER_S: wholeNumber({ min: 0 }, 120, {
    unset: "`120`",
    doc: "How long a send may stay pending before the recovery job settles it (it must be longer than any request runs).",
  }),
  KASA_TRUSTED_PROXY_HOPS: wholeNumber({ min: 0, max: 16 }, 0, {
    unset: "`0`",
    doc: "How many proxies in front of Kasa append to `X-Forwarded-For` (a load balancer: `1`). The client address that sign-in and mail throttles count is taken after them; anything a client writes into the header itself is ignored.",
  }),
  KASA_DNS_SERVERS: list(IP_OR_HOST, {
    unset: "system resolver",
    doc: "DNS servers used to verify domains and check webhook addresses, e.g. `1.1.1.1,8.8.8.8` (`host:port` allowed).",
  }),
  KASA_LOG_LEVEL: oneOf(["trace", "debug", "info", "warn", "error", "fatal", "silent"], "info", {
    unset: "`info`",
    doc: "How much is logged: `trace`, `debug`, `info`, `warn`, `error`, `fatal` or `silent`.",
  }),
  KASA_LOG_FORMAT: oneOf(["json", "pretty"], undefined, {
    unset: "`json` in production, `pretty` otherwise",
    doc: "`json`: one JSON object per line on stdout, for a log pipeline; `pretty`: readable lines.",
  }),
  KASA_METRICS_TOKEN: text({
    unset: "unset",
    doc: "Turns on `/metrics` (Prometheus text format) on web processes and workers, served only to requests with `Authorization: Bearer <token>`. Unset: `/metrics` is a 404.",
    secret: true,
  }),
  KASA_WORKER_METRICS_PORT: port(9464, {
    unset: "`9464`",
    doc: "Where a worker serves its own `/metrics` (with the token).",
  }),
  KASA_WORKER_METRICS_HOST: text({ unset: "`0.0.0.0`", doc: "The address the worker's `/metrics` listens on." }),
  KASA_REQUEST_LOG_RETENTION_DAYS: wholeNumber({ min: 1 }, 90, {
    unset: "`90`",
    doc: "How long request-log lines (and their bodies) are kept. The log is partitioned by week; a worker drops a whole week once all of it is older than this (so a line lives at most 7 days longer), never the current week.",
  }),
  KASA_EVENT_RETENTION_DAYS: wholeNumber({ min: 1 }, 90, {
    unset: "`90`",
    doc: "How long events (what happened to each message, shown in its detail and the staff timeline) are kept; deleted by a worker in small batches.",
  }),
  KASA_WEBHOOK_DELIVERY_RETENTION_DAYS: wholeNumber({ min: 1 }, 30, {
    unset: "`30`",
    doc: "How long finished webhook deliveries and their attempts (the delivery log) are kept; one still being retried is kept until it finishes. Idempotency records are kept their 24 hours (SPEC 8.2). Ledger entries, messages, top-ups and payments are never removed.",
  }),
  KASA_VERIFICATION_RETENTION_DAYS: wholeNumber({ min: 1 }, 90, {
    unset: "`90`",
    doc: "How long settled verifications (who was sent a code, and when) are kept; their messages are kept like any message.",
  }),
  USER: text({ unset: "set by the system", doc: "The operator the audit log names for `npm run admin` changes." }),
  SUDO_USER: text({ unset: "set by sudo", doc: "The operator behind `sudo npm run admin`, named instead of `USER`." }),
};
