-- USSD (issue #41; docs/decisions.md, "USSD"): service codes, sessions with their hops, the session price and the
-- scope for full-access keys.

-- A service code belongs to one account: a dedicated code (*713#) or an extension of a shared one (*920*55#),
-- assigned by staff, or an extension of the deployment's shared test code (a sandbox code, usable with test keys at
-- once). The app's address, its time to answer and the text shown when it fails are the account's to set. Each code
-- signs its callbacks with a secret of its own (sealed at rest: Kasa must sign with it, so it cannot be hashed).
CREATE TABLE "ussd_codes" (
  "id" TEXT PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "code" TEXT NOT NULL CHECK ("code" ~ '^\*[0-9]+(\*[0-9]+)*#$'),
  "mode" "key_mode" NOT NULL,
  "kind" TEXT NOT NULL CHECK ("kind" IN ('dedicated', 'extension', 'sandbox')),
  "callback_url" TEXT,
  "timeout_ms" INTEGER NOT NULL DEFAULT 4000 CHECK ("timeout_ms" BETWEEN 1000 AND 8000),
  "failure_text" TEXT NOT NULL DEFAULT 'Service unavailable, please try again later.'
    CHECK (length("failure_text") BETWEEN 1 AND 182),
  "signing_secret" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "ussd_codes_sandbox_is_test" CHECK ("kind" <> 'sandbox' OR "mode" = 'test')
);
CREATE UNIQUE INDEX "ussd_codes_code_key" ON "ussd_codes"("code");
CREATE INDEX "ussd_codes_account_id_idx" ON "ussd_codes"("account_id");
-- Sandbox extensions are numbered from here, never reused (a released one's sessions keep naming it).
CREATE SEQUENCE "ussd_sandbox_extension_seq" START 100;

-- A session: one subscriber's dialogue with one code. `source` says where its hops come from (the simulator, or a
-- carrier's bind) and `source_session` is that source's key for it (docs/decisions.md: the carrier's session id, else
-- the bind and the number); one open session per key. `inputs` are the subscriber's answers given to the app so far
-- (the callback's `text` joins them with *); `pages` the screen being read page by page, with `page` the one shown,
-- so Kasa serves "98 More" and "0 Back" without the app. A live session's price is held when it starts and charged
-- once when it ends (its id is the ledger's transaction id).
CREATE TABLE "ussd_sessions" (
  "id" TEXT PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "code_id" TEXT REFERENCES "ussd_codes"("id") ON DELETE SET NULL,
  "service_code" TEXT NOT NULL,
  "mode" "key_mode" NOT NULL,
  "source" TEXT NOT NULL,
  "source_session" TEXT NOT NULL,
  "phone_number" TEXT NOT NULL,
  "country" CHAR(2),
  "network" TEXT,
  "network_code" TEXT,
  "inputs" TEXT[] DEFAULT '{}',
  "pages" TEXT[],
  "page" INTEGER,
  "pages_continue" BOOLEAN,
  "hops" INTEGER NOT NULL DEFAULT 0,
  "status" TEXT NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'ended')),
  "ended_reason" TEXT CHECK ("ended_reason" IN ('app_end', 'user_abort', 'network_abort', 'timeout', 'app_error',
                                                'insufficient_balance')),
  "price_micros" BIGINT NOT NULL DEFAULT 0 CHECK ("price_micros" >= 0),
  "currency" CHAR(3) NOT NULL DEFAULT 'USD',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "last_hop_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "ended_at" TIMESTAMPTZ(3),
  CONSTRAINT "ussd_sessions_ended_has_reason" CHECK (("status" = 'ended') = ("ended_reason" IS NOT NULL))
);
CREATE UNIQUE INDEX "ussd_sessions_open_source_key" ON "ussd_sessions"("source", "source_session") WHERE "status" = 'open';
-- The sessions list: a key's mode's sessions, newest first, a page at a time; and one subscriber's.
CREATE INDEX "ussd_sessions_account_id_mode_created_at_id_idx" ON "ussd_sessions"("account_id", "mode", "created_at", "id");
CREATE INDEX "ussd_sessions_account_id_phone_number_created_at_idx" ON "ussd_sessions"("account_id", "phone_number", "created_at");
-- A code's release sets its sessions' code_id to null: found through this, not by reading every session.
CREATE INDEX "ussd_sessions_code_id_idx" ON "ussd_sessions"("code_id");
-- The idle sweep's reading: open sessions, oldest hop first.
CREATE INDEX "ussd_sessions_open_last_hop_at_idx" ON "ussd_sessions"("last_hop_at") WHERE "status" = 'open';

-- A hop: what the subscriber sent (the dialled code's hop has none), what the app was sent (`text`; none when Kasa
-- served a page itself) and answered, the screen shown, and the times: the app's (its whole answer) and Kasa's own
-- (the hop's time less the app's). `error` says why a hop ended the session with the code's failure text.
CREATE TABLE "ussd_hops" (
  "session_id" TEXT NOT NULL REFERENCES "ussd_sessions"("id") ON DELETE CASCADE,
  "seq" INTEGER NOT NULL,
  "input" TEXT,
  "text" TEXT,
  "screen" TEXT,
  "continues" BOOLEAN,
  "app_status" INTEGER,
  "app_ms" INTEGER,
  "kasa_ms" INTEGER,
  "error" TEXT,
  "at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("session_id", "seq")
);

-- A live session's price, per country where set (ussd_session:GH), else the default.
INSERT INTO "product_prices" ("product", "price_micros", "currency", "description") VALUES
  ('ussd_session', 20000, 'USD', 'A live USSD session, charged once when it ends'),
  ('ussd_session:GH', 15000, 'USD', 'A live USSD session in Ghana, charged once when it ends');

-- A key made with every scope there was (a full-access key) gets USSD's too; one chosen narrower keeps its own.
UPDATE "api_keys" SET "scopes" = array_append("scopes", 'ussd:manage')
WHERE "scopes" @> ARRAY['sms:send', 'email:send', 'webhooks:manage', 'data:purchase', 'airtime:purchase',
                        'transactions:read', 'domains:manage', 'senders:manage', 'account:read', 'verify:send',
                        'contacts:manage', 'broadcasts:send', 'lookup:read', 'analytics:read']::text[]
  AND NOT ('ussd:manage' = ANY("scopes"));
