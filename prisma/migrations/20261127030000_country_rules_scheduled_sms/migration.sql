-- Country rules replace content rules (issue #40, point 6): per country and category, the days and the window
-- (minutes after local midnight, [opens, closes), wrapping past midnight when opens > closes) in which SMS may go
-- out, in the country's time zone. A send outside them is scheduled for the next opening, not refused.
CREATE TABLE "country_rules" (
    "country_iso" CHAR(2) NOT NULL,
    "category" TEXT NOT NULL,
    "days" INTEGER[],
    "opens_minute" INTEGER,
    "closes_minute" INTEGER,
    "time_zone" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "country_rules_pkey" PRIMARY KEY ("country_iso", "category"),
    CONSTRAINT "country_rules_country_iso_fkey" FOREIGN KEY ("country_iso") REFERENCES "countries"("iso2") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "country_rules_window_check" CHECK (("opens_minute" IS NULL) = ("closes_minute" IS NULL)
        AND coalesce("opens_minute", 0) BETWEEN 0 AND 1439 AND coalesce("closes_minute", 0) BETWEEN 0 AND 1439
        AND coalesce("opens_minute", 0) <> coalesce("closes_minute", 1)),
    CONSTRAINT "country_rules_days_check" CHECK ("days" IS NOT NULL AND cardinality("days") BETWEEN 1 AND 7 AND "days" <@ ARRAY[0,1,2,3,4,5,6])
);

-- An old rule blocked days and hours: the new one allows the rest. Two old rules of one country and category
-- (staff could add both) keep the first: the console shows the one left, to be edited.
INSERT INTO "country_rules" ("country_iso", "category", "days", "opens_minute", "closes_minute", "time_zone", "description")
SELECT DISTINCT ON (r."country_iso", r."category") r."country_iso", r."category",
       ARRAY(SELECT d FROM generate_series(0, 6) AS d WHERE d <> ALL(coalesce(r."blocked_weekdays", '{}'))),
       CASE WHEN r."blocked_from_hour" IS NOT NULL AND r."blocked_to_hour" IS NOT NULL
                 AND r."blocked_from_hour" <> r."blocked_to_hour" THEN r."blocked_to_hour" * 60 END,
       CASE WHEN r."blocked_from_hour" IS NOT NULL AND r."blocked_to_hour" IS NOT NULL
                 AND r."blocked_from_hour" <> r."blocked_to_hour" THEN r."blocked_from_hour" * 60 END,
       r."time_zone", r."description"
FROM "sms_content_rules" r
WHERE EXISTS (SELECT 1 FROM "countries" c WHERE c."iso2" = r."country_iso")
  AND cardinality(ARRAY(SELECT d FROM generate_series(0, 6) AS d WHERE d <> ALL(coalesce(r."blocked_weekdays", '{}')))) > 0
ORDER BY r."country_iso", r."category", r."id";

-- Ghana's promotional window (NCA): 08:00 to 19:00, Monday to Saturday, Accra time.
INSERT INTO "country_rules" ("country_iso", "category", "days", "opens_minute", "closes_minute", "time_zone", "description")
SELECT 'GH', 'promotional', ARRAY[1,2,3,4,5,6], 480, 1140, 'Africa/Accra',
       'Promotional SMS to Ghana goes out 08:00–19:00, Monday to Saturday, Accra time (NCA)'
WHERE EXISTS (SELECT 1 FROM "countries" WHERE "iso2" = 'GH')
ON CONFLICT ("country_iso", "category") DO UPDATE
SET "days" = EXCLUDED."days", "opens_minute" = EXCLUDED."opens_minute", "closes_minute" = EXCLUDED."closes_minute",
    "time_zone" = EXCLUDED."time_zone", "description" = EXCLUDED."description", "updated_at" = now();

DROP TABLE "sms_content_rules";

-- When a scheduled SMS (20261127025900) goes out.
ALTER TABLE "sms_messages" ADD COLUMN "scheduled_at" TIMESTAMPTZ(3);
-- The worker's due scan reads only what waits.
CREATE INDEX "sms_messages_scheduled_idx" ON "sms_messages"("scheduled_at") WHERE "status" = 'scheduled';
-- The dashboard lists an account's waiting messages, soonest first.
CREATE INDEX "sms_messages_account_scheduled_idx" ON "sms_messages"("account_id", "scheduled_at") WHERE "status" = 'scheduled';
-- The recovery job reads pending messages by when they became pending (a scheduled one is claimed long after it
-- was made); pending rows are few, and so is this index (it was on created_at).
DROP INDEX "sms_messages_pending_idx";
CREATE INDEX "sms_messages_pending_idx" ON "sms_messages"("updated_at") WHERE "status" = 'pending';

-- A broadcast's recipient keeps the country its message goes to: a window closed there holds only that country's.
ALTER TABLE "broadcast_recipients" ADD COLUMN "country_iso" CHAR(2);
DROP INDEX "broadcast_recipients_broadcast_id_status_idx";
CREATE INDEX "broadcast_recipients_broadcast_id_status_country_iso_idx" ON "broadcast_recipients"("broadcast_id", "status", "country_iso");
-- The draft's audience per destination country ({"GH": 1200, ...}): its estimate of when it finishes.
ALTER TABLE "broadcasts" ADD COLUMN "audience_countries" JSONB NOT NULL DEFAULT '{}';
