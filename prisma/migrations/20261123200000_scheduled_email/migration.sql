-- Scheduled email (issue #22, item 2): a message accepted now (its money reserved, email.scheduled raised) and
-- handed to the relay by the worker at scheduled_at; cancellable until then.

ALTER TYPE "email_status" ADD VALUE 'scheduled';
ALTER TYPE "email_status" ADD VALUE 'cancelled';
ALTER TABLE "email_messages" ADD COLUMN "scheduled_at" TIMESTAMPTZ(3);

-- What the relay will be given, kept only while the message waits: the worker deletes the row in the statement that
-- claims the message (scheduled -> pending), a cancel deletes it too. Message bodies are not kept past their send.
CREATE TABLE "scheduled_email_contents" (
  "email_id" TEXT NOT NULL,
  "account_id" TEXT NOT NULL,
  "send_at" TIMESTAMPTZ(3) NOT NULL,
  "html" TEXT,
  "text" TEXT,
  "headers" JSONB NOT NULL DEFAULT '{}',
  -- [{filename, content (base64)}]
  "attachments" JSONB NOT NULL DEFAULT '[]',
  CONSTRAINT "scheduled_email_contents_pkey" PRIMARY KEY ("email_id"),
  CONSTRAINT "scheduled_email_contents_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "email_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The worker's due scan, and the dashboard's list of one account's waiting messages.
CREATE INDEX "scheduled_email_contents_send_at_idx" ON "scheduled_email_contents"("send_at");
CREATE INDEX "scheduled_email_contents_account_id_send_at_idx" ON "scheduled_email_contents"("account_id", "send_at");

-- A scheduled message becomes pending when the worker claims it, days after it was created: the recovery job measures
-- a pending send from its last move (updated_at), not from its creation.
DROP INDEX "email_messages_pending_idx";
CREATE INDEX "email_messages_pending_idx" ON "email_messages"("updated_at") WHERE "status" = 'pending';
