-- Most sends carry no reference: index only those that do, so the send path
-- maintains one index less (measured on the live-send benchmark).
DROP INDEX "sms_messages_reference_idx";
CREATE INDEX "sms_messages_reference_idx" ON "sms_messages"("reference") WHERE "reference" IS NOT NULL;
