-- The staff console (issue #8) finds transactions by their id in the request
-- log, by phone number, by email address and by the customer's reference.
CREATE INDEX "request_logs_transaction_id_idx" ON "request_logs"("transaction_id");
CREATE INDEX "sms_messages_to_number_idx" ON "sms_messages"("to_number");
CREATE INDEX "sms_messages_reference_idx" ON "sms_messages"("reference");
CREATE INDEX "topups_phone_number_idx" ON "topups"("phone_number");
CREATE INDEX "email_messages_to_addresses_idx" ON "email_messages" USING GIN ("to_addresses");
