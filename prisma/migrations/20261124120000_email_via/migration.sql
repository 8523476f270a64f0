-- The SMTP submission service (issue #27): a message it made says so (the Messages page marks it "via SMTP").
-- Null: made by the API (or a broadcast, which has its own column).
ALTER TABLE "email_messages" ADD COLUMN "via" TEXT;
ALTER TABLE "email_messages" ADD CONSTRAINT "email_messages_via_check" CHECK ("via" IN ('smtp'));
