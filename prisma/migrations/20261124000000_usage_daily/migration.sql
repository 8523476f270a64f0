-- Usage by day (issue #16): counters per account, UTC day, service and key mode, added to in the very statement
-- that writes the request-log lines they count (request-log-buffer.ts), so the Usage page reads 30 rows per
-- service whatever the traffic, and never scans the log. No foreign key, as for the log itself: lines are written
-- after the answer and may outlive what they name.
CREATE TABLE "usage_daily" (
  "account_id" TEXT NOT NULL,
  "day" DATE NOT NULL,
  "service" "service" NOT NULL,
  "mode" "key_mode" NOT NULL,
  -- Every request of the service that reached the log.
  "requests" BIGINT NOT NULL DEFAULT 0,
  -- Those that used quota: not a replay, and succeeded or reached a transaction (a refused send uses none).
  "quota_requests" BIGINT NOT NULL DEFAULT 0,
  -- Answers of 400 and more.
  "errors" BIGINT NOT NULL DEFAULT 0,
  CONSTRAINT "usage_daily_pkey" PRIMARY KEY ("account_id", "day", "service", "mode")
);

-- What the log already holds, counted once.
INSERT INTO "usage_daily" ("account_id", "day", "service", "mode", "requests", "quota_requests", "errors")
SELECT "account_id", ("created_at" AT TIME ZONE 'UTC')::date, "service", "mode", count(*),
       count(*) FILTER (WHERE NOT "idempotent_replay" AND ("status" < 400 OR "transaction_id" IS NOT NULL)),
       count(*) FILTER (WHERE "status" >= 400)
FROM "request_logs"
WHERE "account_id" IS NOT NULL AND "service" IS NOT NULL AND "mode" IS NOT NULL
GROUP BY 1, 2, 3, 4;
