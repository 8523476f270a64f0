-- Webhooks (issue #5, rest): an endpoint remembers since when every attempt
-- has failed (disabled after 5 days of that), when and why it was disabled,
-- and the secret it had before a rotation, which still signs for 24 hours.
ALTER TABLE "webhook_endpoints"
    ADD COLUMN "failing_since" TIMESTAMPTZ(3),
    ADD COLUMN "disabled_at" TIMESTAMPTZ(3),
    ADD COLUMN "previous_secret" TEXT,
    ADD COLUMN "previous_secret_expires_at" TIMESTAMPTZ(3);
