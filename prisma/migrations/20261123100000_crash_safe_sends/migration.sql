-- Crash-safe sends (issue #21).

-- An idempotency key is bound, in the statement that creates it, to the
-- transaction its request started: a retry then answers with that transaction
-- as it stands and never calls the carrier again. A claim with no transaction
-- provably never left Kasa and may be taken over.
ALTER TABLE "idempotency_keys" ADD COLUMN "transaction_id" TEXT;

-- A hand-off whose outcome cannot be known (the link dropped after the
-- message was written, a process died mid-send) settles as unknown.
ALTER TYPE "email_status" ADD VALUE IF NOT EXISTS 'unknown';

-- The recovery job looks for sends still pending past their deadline: few
-- rows at any time, so partial indexes keep that lookup free.
CREATE INDEX "sms_messages_pending_idx" ON "sms_messages"("created_at") WHERE "status" = 'pending';
CREATE INDEX "email_messages_pending_idx" ON "email_messages"("created_at") WHERE "status" = 'pending';
CREATE INDEX "topups_pending_reconcile_idx" ON "topups"("reconcile_at") WHERE "status" = 'pending';

-- A carrier receipt that arrives before its message is settled (the carrier
-- answered the receipt faster than we stored the submit's answer) waits here
-- and is applied when the message is; the carrier got its acknowledgement
-- only once this row was written.
CREATE TABLE "pending_receipts" (
    "id" BIGSERIAL NOT NULL,
    "provider" TEXT NOT NULL,
    "carrier_message_id" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "error_code" TEXT,
    "reason" TEXT,
    "detail" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
    CONSTRAINT "pending_receipts_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "pending_receipts_provider_carrier_message_id_idx" ON "pending_receipts"("provider", "carrier_message_id");
CREATE INDEX "pending_receipts_received_at_idx" ON "pending_receipts"("received_at");
