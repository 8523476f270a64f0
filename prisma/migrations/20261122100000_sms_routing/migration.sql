-- SMS routing (issue #6): carriers per route in the database (staff reorder
-- them without a deploy), each carrier attempt of a message, the carrier's
-- ids of every part (receipts arrive per part), sender IDs per market,
-- verified numbers, inbound SMS, and country content rules as data.
ALTER TYPE "sms_status" ADD VALUE 'unknown';

ALTER TABLE "sms_messages"
    ADD COLUMN "carrier_attempts" JSONB NOT NULL DEFAULT '[]',
    ADD COLUMN "failure_reason" TEXT,
    ADD COLUMN "category" TEXT NOT NULL DEFAULT 'transactional';

-- Ordered carriers of a route; a route without rows uses every configured carrier in configuration order.
CREATE TABLE "sms_route_carriers" (
    "route" "sms_route" NOT NULL,
    "position" INTEGER NOT NULL,
    "carrier" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_by" TEXT,
    CONSTRAINT "sms_route_carriers_pkey" PRIMARY KEY ("route", "position")
);
CREATE UNIQUE INDEX "sms_route_carriers_route_carrier_key" ON "sms_route_carriers"("route", "carrier");

-- One row per part a carrier accepted, under the carrier's own id for it.
CREATE TABLE "sms_parts" (
    "provider" TEXT NOT NULL,
    "carrier_message_id" TEXT NOT NULL,
    "sms_id" TEXT NOT NULL,
    "part" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'sent',
    "error_code" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sms_parts_pkey" PRIMARY KEY ("provider", "carrier_message_id"),
    CONSTRAINT "sms_parts_sms_id_fkey" FOREIGN KEY ("sms_id") REFERENCES "sms_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "sms_parts_sms_id_idx" ON "sms_parts"("sms_id");

-- A sender ID is held per market; one account holds a name in a country.
CREATE TABLE "sender_ids" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "country_iso" CHAR(2) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "use_case" TEXT,
    "decision_note" TEXT,
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "sender_ids_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sender_ids_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "sender_ids_status" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);
CREATE UNIQUE INDEX "sender_ids_name_country_iso_key" ON "sender_ids"("name", "country_iso");
CREATE INDEX "sender_ids_account_id_idx" ON "sender_ids"("account_id");

-- Phone numbers an account may send from, proven by a code sent to them.
CREATE TABLE "verified_numbers" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "code_hash" TEXT,
    "code_expires_at" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "verified_at" TIMESTAMPTZ(3),
    "verified_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "verified_numbers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "verified_numbers_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "verified_numbers_status" CHECK ("status" IN ('pending', 'verified'))
);
CREATE UNIQUE INDEX "verified_numbers_account_id_number_key" ON "verified_numbers"("account_id", "number");

-- Mobile-originated messages: replies routed to the account that last wrote to the sender.
CREATE TABLE "inbound_sms" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "from_number" TEXT NOT NULL,
    "to_address" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "in_reply_to" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "inbound_sms_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "inbound_sms_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "inbound_sms_account_id_received_at_idx" ON "inbound_sms"("account_id", "received_at");

-- Country content rules, as data: a category of SMS refused on some weekdays or hours, local time.
CREATE TABLE "sms_content_rules" (
    "id" TEXT NOT NULL,
    "country_iso" CHAR(2) NOT NULL,
    "category" TEXT NOT NULL,
    "blocked_weekdays" INTEGER[],
    "blocked_from_hour" INTEGER,
    "blocked_to_hour" INTEGER,
    "time_zone" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    CONSTRAINT "sms_content_rules_pkey" PRIMARY KEY ("id")
);
INSERT INTO "sms_content_rules" ("id", "country_iso", "category", "blocked_weekdays", "time_zone", "description")
VALUES ('gh_no_promotional_sunday', 'GH', 'promotional', ARRAY[0], 'Africa/Accra', 'Promotional SMS may not be sent to Ghana on Sundays');

-- The receipt-timeout sweep looks only at messages still waiting.
CREATE INDEX "sms_messages_waiting_receipt_idx" ON "sms_messages"("updated_at") WHERE "status" = 'sent';
