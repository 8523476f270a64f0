-- Broadcasts (issue #26): the message a broadcast sent says so, and its webhook events carry `broadcast_id` in
-- `data`. A column of its own, not the customer's `reference` or tags, which a customer may spell alike.
ALTER TABLE "sms_messages" ADD COLUMN "broadcast_id" TEXT;
ALTER TABLE "email_messages" ADD COLUMN "broadcast_id" TEXT;
