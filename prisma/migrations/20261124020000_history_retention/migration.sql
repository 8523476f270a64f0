-- Retention of events and webhook deliveries (issue #16): the worker deletes, in small batches and oldest first,
-- what is past KASA_EVENT_RETENTION_DAYS and KASA_WEBHOOK_DELIVERY_RETENTION_DAYS. These read the oldest rows
-- without a scan. (Unlike the request log these tables are not partitioned: their uniqueness per transaction, which
-- makes an event and its delivery happen once, could only be kept per partition.)
CREATE INDEX "events_created_at_idx" ON "events"("created_at");
CREATE INDEX "webhook_deliveries_created_at_idx" ON "webhook_deliveries"("created_at");
