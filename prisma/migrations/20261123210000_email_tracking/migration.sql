-- Open and click tracking (issue #22, item 3): off by default, switched per sending domain; every open and click a
-- message gets is kept for its page (the events fire once per message, SPEC 6.3's dedupe key).

ALTER TABLE "sender_domains" ADD COLUMN "open_tracking" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "sender_domains" ADD COLUMN "click_tracking" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "email_engagements" (
  "id" BIGSERIAL NOT NULL,
  "email_id" TEXT NOT NULL,
  -- open | click
  "kind" TEXT NOT NULL,
  -- The link clicked (clicks only).
  "url" TEXT,
  "user_agent" TEXT,
  "occurred_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "email_engagements_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "email_engagements_email_id_fkey" FOREIGN KEY ("email_id") REFERENCES "email_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "email_engagements_email_id_id_idx" ON "email_engagements"("email_id", "id");
