-- What a request carried and what it was answered (issue #15, item 4), for the request log's detail panel: kept
-- beside the narrow request_logs line (one row per request of a known account), redacted before it is written
-- (message bodies and secrets never stored) and capped in size; retention follows the request log's.
CREATE TABLE "request_log_bodies" (
  "request_id" TEXT NOT NULL,
  "account_id" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL,
  "request" JSONB,
  "response" JSONB,
  CONSTRAINT "request_log_bodies_pkey" PRIMARY KEY ("request_id")
);
CREATE INDEX "request_log_bodies_created_at_idx" ON "request_log_bodies"("created_at");
