-- What the Messages filters and the staff search read (issue #16, item 3; server/db/query-plans.int.test.ts fails
-- on any of them scanning a large table).
-- Messages by status, newest first: a rare status (pending, unknown) no longer walks the account's whole history.
CREATE INDEX "sms_messages_account_id_status_created_at_idx" ON "sms_messages"("account_id", "status", "created_at");
CREATE INDEX "email_messages_account_id_status_created_at_idx" ON "email_messages"("account_id", "status", "created_at");
-- Emails carrying a tag ("name:value" in the Messages filter).
CREATE INDEX "email_messages_tags_idx" ON "email_messages" USING GIN ("tags" jsonb_path_ops);
-- The staff search: an SMS sent from a number, an email batch, a top-up's provider reference, a payment's reference.
CREATE INDEX "sms_messages_sender_idx" ON "sms_messages"("sender");
CREATE INDEX "email_messages_batch_id_idx" ON "email_messages"("batch_id");
CREATE INDEX "topups_provider_reference_idx" ON "topups"("provider_reference");
CREATE INDEX "payments_reference_idx" ON "payments"("reference");
