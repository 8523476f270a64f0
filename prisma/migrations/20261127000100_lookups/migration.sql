-- Number lookup (issue #40): its plan limits, its price, and the charged lookups.

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

-- A live lookup request that was charged: the numbers the provider answered, at the price then. Its id is the
-- ledger's transaction id; a lookup answered from the number's range alone, or with a test key, is free and leaves
-- no row.
CREATE TABLE "lookups" (
  "id" TEXT PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "api_key_id" TEXT NOT NULL,
  "numbers" INTEGER NOT NULL CHECK ("numbers" > 0),
  "charged" INTEGER NOT NULL CHECK ("charged" > 0 AND "charged" <= "numbers"),
  "price_micros" BIGINT NOT NULL CHECK ("price_micros" >= 0),
  "currency" CHAR(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "lookups_account_id_created_at_idx" ON "lookups"("account_id", "created_at");
