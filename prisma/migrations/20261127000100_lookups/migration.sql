-- Number lookup (issue #40): its plan limits, its price, its charges, and the scope for full-access keys.

-- Its plan limits are SMS's figures (docs/decisions.md, "Networks and lookup"): a lookup is asked before a message.
INSERT INTO "plan_limits" ("plan_id", "service", "per_minute", "per_day", "per_month")
SELECT "plan_id", 'lookup', "per_minute", "per_day", "per_month" FROM "plan_limits" WHERE "service" = 'sms';

-- The price list of what is priced per use and not per route (SMS has sms_prices): staff change a price here, every
-- process sees it within a minute.
CREATE TABLE "product_prices" (
  "product" TEXT PRIMARY KEY,
  "price_micros" BIGINT NOT NULL CHECK ("price_micros" >= 0),
  "currency" CHAR(3) NOT NULL DEFAULT 'USD',
  "description" TEXT NOT NULL,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
INSERT INTO "product_prices" ("product", "price_micros", "currency", "description") VALUES
  ('lookup', 5000, 'USD', 'A number lookup answered by the lookup provider (the network a number is on now, its line type)');

-- A live lookup request that may be charged (docs/decisions.md, "Networks and lookup"). Its price for every number
-- the provider could answer is held (a ledger reservation) before the provider is asked, so no concurrent request
-- gets a provider's answer the balance cannot pay for; once the answers are in, what the provider answered is
-- captured and the rest refunded, in one transaction. A hold whose request died is released by the worker (its
-- answers were never given). Its id is the ledger's transaction id; test keys and lookups no provider could answer
-- leave no row.
CREATE TABLE "lookups" (
  "id" TEXT PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "api_key_id" TEXT NOT NULL,
  "numbers" INTEGER NOT NULL CHECK ("numbers" > 0),
  -- held -> charged (some answered by the provider) | released (none, or the request died)
  "status" TEXT NOT NULL DEFAULT 'held' CHECK ("status" IN ('held', 'charged', 'released')),
  "held_micros" BIGINT NOT NULL CHECK ("held_micros" > 0),
  "charged" INTEGER NOT NULL DEFAULT 0 CHECK ("charged" >= 0 AND "charged" <= "numbers"),
  "price_micros" BIGINT NOT NULL DEFAULT 0 CHECK ("price_micros" >= 0 AND "price_micros" <= "held_micros"),
  "currency" CHAR(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "settled_at" TIMESTAMPTZ(3),
  CONSTRAINT "lookups_charged_has_price" CHECK (("status" = 'charged') = ("charged" > 0))
);
CREATE INDEX "lookups_account_id_created_at_idx" ON "lookups"("account_id", "created_at");
-- The worker's release of holds left by requests that died.
CREATE INDEX "lookups_held_created_at_idx" ON "lookups"("created_at") WHERE "status" = 'held';

-- A key made with every scope there was (a full-access key) gets lookup's too, as Verify's was added; a key whose
-- scopes were chosen narrower keeps exactly those.
UPDATE "api_keys" SET "scopes" = array_append("scopes", 'lookup:read')
WHERE "scopes" @> ARRAY['sms:send', 'email:send', 'webhooks:manage', 'data:purchase', 'airtime:purchase',
                        'transactions:read', 'domains:manage', 'senders:manage', 'account:read', 'verify:send',
                        'contacts:manage', 'broadcasts:send']::text[]
  AND NOT ('lookup:read' = ANY("scopes"));
