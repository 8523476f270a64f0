-- Broadcasts (issue #26), part three: one personalised message to every contact of a list, now or at a set time.

-- A contact's country (from its phone), kept when the phone is: a broadcast's cost is estimated per country from it.
ALTER TABLE "contacts" ADD COLUMN "country_iso" CHAR(2);

CREATE TYPE "broadcast_status" AS ENUM ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled');
CREATE TYPE "broadcast_recipient_status" AS ENUM ('queued', 'sending', 'sent', 'failed', 'skipped_unsubscribed', 'skipped_invalid');

-- The content is copied from its template when the broadcast is made: editing or deleting the template later does
-- not change what was reviewed and estimated.
CREATE TABLE "broadcasts" (
  "id" TEXT PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "mode" "key_mode" NOT NULL,
  "api_key_id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "channel" "template_channel" NOT NULL,
  "list_id" TEXT REFERENCES "contact_lists"("id") ON DELETE SET NULL,
  "template_id" TEXT,
  "body" TEXT,
  "subject" TEXT,
  "html" TEXT,
  "text" TEXT,
  "sender" TEXT,
  "category" TEXT NOT NULL DEFAULT 'promotional',
  "scheduled_at" TIMESTAMPTZ(3),
  "status" "broadcast_status" NOT NULL DEFAULT 'draft',
  -- Why it is paused: "paused" (someone paused it) or "insufficient_balance".
  "pause_reason" TEXT,
  "recipients" INTEGER NOT NULL DEFAULT 0,
  "estimated_cost_micros" BIGINT NOT NULL DEFAULT 0,
  "currency" CHAR(3) NOT NULL DEFAULT 'USD',
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "started_at" TIMESTAMPTZ(3),
  "finished_at" TIMESTAMPTZ(3),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "broadcasts_account_id_mode_created_at_idx" ON "broadcasts"("account_id", "mode", "created_at");
-- The worker's two questions: which are due, which are sending.
CREATE INDEX "broadcasts_due_idx" ON "broadcasts"("scheduled_at") WHERE "status" = 'scheduled';
CREATE INDEX "broadcasts_sending_idx" ON "broadcasts"("updated_at") WHERE "status" = 'sending';

-- One row per contact of the list when the broadcast started (later changes to the list do not move it). A
-- recipient is claimed ('sending', with the transaction id its message will have) before its message is made, so a
-- worker that dies leaves a claim the next one settles from that message: sent if it exists, queued again if not.
CREATE TABLE "broadcast_recipients" (
  "broadcast_id" TEXT NOT NULL REFERENCES "broadcasts"("id") ON DELETE CASCADE,
  "contact_id" TEXT NOT NULL,
  "status" "broadcast_recipient_status" NOT NULL DEFAULT 'queued',
  "transaction_id" TEXT,
  "error" TEXT,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("broadcast_id", "contact_id")
);
CREATE INDEX "broadcast_recipients_broadcast_id_status_idx" ON "broadcast_recipients"("broadcast_id", "status");
CREATE INDEX "broadcast_recipients_transaction_id_idx" ON "broadcast_recipients"("transaction_id") WHERE "transaction_id" IS NOT NULL;

-- A broadcast's pace (issue #26): an account's broadcasts of one channel share its plan's per-minute rate, whichever
-- worker sends them. One row per account and channel, the minute it counts and what it granted in it.
CREATE TABLE "broadcast_pacing" (
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "channel" "template_channel" NOT NULL,
  "minute_start" TIMESTAMPTZ(3) NOT NULL,
  "granted" INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY ("account_id", "channel")
);
-- Claims a dead worker may have left, found without reading every finished recipient.
CREATE INDEX "broadcast_recipients_claimed_idx" ON "broadcast_recipients"("updated_at") WHERE "status" = 'sending';
-- The next queued recipients of a broadcast, in order, from the index alone.
CREATE INDEX "broadcast_recipients_queued_idx" ON "broadcast_recipients"("broadcast_id", "contact_id") WHERE "status" = 'queued';
