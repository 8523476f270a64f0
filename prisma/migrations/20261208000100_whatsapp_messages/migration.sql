-- WhatsApp messages both ways (issue #42, points 1, 3 and 4; docs/decisions.md, "WhatsApp").

-- Sends count against the plans' limits with SMS's figures.
INSERT INTO "plan_limits" ("plan_id", "service", "per_minute", "per_day", "per_month")
SELECT "plan_id", 'whatsapp', "per_minute", "per_day", "per_month" FROM "plan_limits" WHERE "service" = 'sms';

-- The sandbox number (test keys): Kasa's own, answering as Meta would without a Meta account, so it has no Meta ids,
-- token, secret or webhook. One per account.
ALTER TABLE "whatsapp_numbers" ADD COLUMN "sandbox" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "whatsapp_numbers" ALTER COLUMN "phone_number_id" DROP NOT NULL;
ALTER TABLE "whatsapp_numbers" ALTER COLUMN "waba_id" DROP NOT NULL;
ALTER TABLE "whatsapp_numbers" ALTER COLUMN "access_token" DROP NOT NULL;
ALTER TABLE "whatsapp_numbers" ALTER COLUMN "app_secret" DROP NOT NULL;
ALTER TABLE "whatsapp_numbers" ALTER COLUMN "verify_token_hash" DROP NOT NULL;
ALTER TABLE "whatsapp_numbers" ADD CONSTRAINT "whatsapp_numbers_meta_fields_check" CHECK (
  "sandbox" OR ("phone_number_id" IS NOT NULL AND "waba_id" IS NOT NULL AND "access_token" IS NOT NULL
                AND "app_secret" IS NOT NULL AND "verify_token_hash" IS NOT NULL));
CREATE UNIQUE INDEX "whatsapp_numbers_one_sandbox_idx" ON "whatsapp_numbers"("account_id") WHERE "sandbox";

-- The sandbox's simulated statuses are payloads of Meta's shape that may be applied only from a moment on; a payload
-- that failed to apply waits longer after each attempt (apply_after), and after the last is set aside with its error.
ALTER TABLE "whatsapp_webhook_payloads" ADD COLUMN "apply_after" TIMESTAMPTZ(3);
ALTER TABLE "whatsapp_webhook_payloads" ADD COLUMN "attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "whatsapp_webhook_payloads" ADD COLUMN "last_error" TEXT;

-- Price of one message by the destination's country ('*': every other) and what Meta bills it as: a template's
-- category, or service (text and media inside the 24-hour window). USD micros, like SMS's.
CREATE TABLE "whatsapp_prices" (
  "country_iso" TEXT NOT NULL CHECK ("country_iso" = '*' OR "country_iso" ~ '^[A-Z]{2}$'),
  "category" TEXT NOT NULL CHECK ("category" IN ('marketing', 'utility', 'authentication', 'service')),
  "price_micros" BIGINT NOT NULL CHECK ("price_micros" >= 0),
  "currency" CHAR(3) NOT NULL DEFAULT 'USD',
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("country_iso", "category")
);
-- Meta's rate for the market with Kasa's margin: Nigeria and South Africa are markets of their own, Ghana and Kenya
-- are in "Rest of Africa"; '*' is priced at the dearest markets' level.
INSERT INTO "whatsapp_prices" ("country_iso", "category", "price_micros") VALUES
  ('*', 'marketing', 75000), ('*', 'utility', 20000), ('*', 'authentication', 20000), ('*', 'service', 2000),
  ('GH', 'marketing', 30000), ('GH', 'utility', 6000), ('GH', 'authentication', 6000), ('GH', 'service', 1000),
  ('KE', 'marketing', 30000), ('KE', 'utility', 6000), ('KE', 'authentication', 6000), ('KE', 'service', 1000),
  ('NG', 'marketing', 65000), ('NG', 'utility', 8500), ('NG', 'authentication', 8500), ('NG', 'service', 1000),
  ('ZA', 'marketing', 48000), ('ZA', 'utility', 9000), ('ZA', 'authentication', 9000), ('ZA', 'service', 1000);

-- One message, sent or received. An outbound one is written pending with its price held (live) before Meta is
-- called, so a dead process leaves a row the worker settles; Meta's statuses move it forward only (sent, delivered,
-- read), so a late or repeated one changes nothing. Its money is captured when Meta says delivered or read (Meta
-- bills what it delivered), refunded when Meta says failed, captured by the worker when Meta said nothing for a day.
CREATE TABLE "whatsapp_messages" (
  "id" TEXT NOT NULL PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "api_key_id" TEXT,
  "mode" "key_mode" NOT NULL,
  "number_id" TEXT REFERENCES "whatsapp_numbers"("id") ON DELETE SET NULL,
  "direction" TEXT NOT NULL CHECK ("direction" IN ('outbound', 'inbound')),
  -- The person's number, E.164 with its +.
  "contact" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "template_name" TEXT,
  "template_language" TEXT,
  "category" TEXT,
  "body" TEXT,
  "media" JSONB,
  "country_iso" CHAR(2),
  "status" TEXT NOT NULL CHECK ("status" IN ('pending', 'unknown', 'sent', 'delivered', 'read', 'failed', 'received')),
  "wamid" TEXT,
  "price_micros" BIGINT NOT NULL DEFAULT 0,
  "currency" CHAR(3) NOT NULL DEFAULT 'USD',
  "money_settled" BOOLEAN NOT NULL DEFAULT false,
  "error_code" INTEGER,
  "error_message" TEXT,
  "profile_name" TEXT,
  "reference" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "sent_at" TIMESTAMPTZ(3),
  "delivered_at" TIMESTAMPTZ(3),
  "read_at" TIMESTAMPTZ(3),
  "failed_at" TIMESTAMPTZ(3)
);
-- Meta's id names one message: a status finds its message by it, an inbound message posted twice is kept once.
CREATE UNIQUE INDEX "whatsapp_messages_wamid_key" ON "whatsapp_messages"("wamid");
CREATE INDEX "whatsapp_messages_account_id_created_at_idx" ON "whatsapp_messages"("account_id", "mode", "created_at" DESC);
-- A conversation: one number's messages with one person, newest first.
CREATE INDEX "whatsapp_messages_conversation_idx" ON "whatsapp_messages"("number_id", "contact", "created_at" DESC);
-- What the worker settles: sends left pending by a dead process, lost answers, and holds Meta said nothing final of.
CREATE INDEX "whatsapp_messages_unsettled_idx" ON "whatsapp_messages"("created_at")
  WHERE "direction" = 'outbound' AND ("status" IN ('pending', 'unknown') OR NOT "money_settled");

-- The people who wrote to a number: their profile name and their last message, which opens Meta's 24-hour customer
-- service window (free-form messages are allowed until 24 hours after it).
CREATE TABLE "whatsapp_contacts" (
  "number_id" TEXT NOT NULL REFERENCES "whatsapp_numbers"("id") ON DELETE CASCADE,
  "contact" TEXT NOT NULL,
  "profile_name" TEXT,
  "last_inbound_at" TIMESTAMPTZ(3) NOT NULL,
  PRIMARY KEY ("number_id", "contact")
);
