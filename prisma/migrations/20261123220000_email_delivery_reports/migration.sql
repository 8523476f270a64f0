-- Delivery feedback for live email (issue #22, item 1). Bounces come back to a host of the sending domain's own
-- (send.<domain> by default) whose MX points at Kasa, never to the customer's apex MX; a domain keeps the host its
-- records were verified for, and one verified before this change (null) keeps its old Return-Path until it is
-- verified again with the new records.
ALTER TABLE "sender_domains" ADD COLUMN "return_path_host" TEXT;
-- Whether the relay took the DSN request (it advertised DSN): without it email.delivered cannot come.
ALTER TABLE "email_messages" ADD COLUMN "delivery_reports" BOOLEAN;
