-- Every /api/v1 answer carries an X-Request-Id (req_...) that Kasa makes; the
-- log line keeps it so support and the customer can find the request by it.
-- Lines written before this have none, so the index skips them.
ALTER TABLE "request_logs" ADD COLUMN "request_id" TEXT;
CREATE INDEX "request_logs_request_id_idx" ON "request_logs"("request_id") WHERE "request_id" IS NOT NULL;
