-- What the Messages filters and the staff search read (issue #16, item 3; server/db/query-plans.int.test.ts fails
-- on any of them scanning a large table).
-- Messages by status, newest first: a rare status (pending, unknown) no longer walks the account's whole history.
CREATE INDEX "sms_messages_account_id_status_created_at_idx" ON "sms_messages"("account_id", "status", "created_at");
CREATE INDEX "email_messages_account_id_status_created_at_idx" ON "email_messages"("account_id", "status", "created_at");
-- Emails carrying a tag ("name:value" in the Messages filter).
CREATE INDEX "email_messages_tags_idx" ON "email_messages" USING GIN ("tags" jsonb_path_ops);
-- The staff search: an SMS sent from a number, an email batch, a top-up's provider reference, a payment's reference.
CREATE INDEX "sms_messages_sender_created_at_idx" ON "sms_messages"("sender", "created_at");
-- A number's messages newest first, a page at a time (it replaces the plain index on the number).
DROP INDEX "sms_messages_to_number_idx";
CREATE INDEX "sms_messages_to_number_created_at_idx" ON "sms_messages"("to_number", "created_at");
CREATE INDEX "email_messages_batch_id_idx" ON "email_messages"("batch_id");
CREATE INDEX "topups_provider_reference_idx" ON "topups"("provider_reference");
CREATE INDEX "payments_reference_idx" ON "payments"("reference");
-- The staff operations page: the last hour's live SMS per carrier, and the webhook log's last hour.
CREATE INDEX "sms_messages_created_at_idx" ON "sms_messages"("created_at");
-- The Webhooks page's log, live or test only, newest first.
CREATE INDEX "webhook_deliveries_account_id_livemode_created_at_idx" ON "webhook_deliveries"("account_id", "livemode", "created_at");
