-- The rate-limited service a request counted against, for the Usage page.
ALTER TABLE "request_logs" ADD COLUMN "service" "service";
CREATE INDEX "request_logs_account_id_created_at_idx" ON "request_logs"("account_id", "created_at");
