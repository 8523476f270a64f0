-- SMS short links (issue #43, point 5; docs/decisions.md, "Insights"): with shorten_links, each http(s) link of a
-- message is replaced by <short url>/<id> before its segments are counted, one row per link per message, so a
-- broadcast to 1,000 recipients makes 1,000 ids and a click names its recipient. The rows are written by the
-- statement that writes the message (sms-store.ts), so a message that exists always has its links. The first
-- counted click of a message stamps sms_messages.clicked_at (counted by the delivery figures) and raises sms.clicked.

CREATE TABLE "short_links" (
  -- 8 base62 characters from crypto.randomBytes: what follows the short URL.
  "id" TEXT NOT NULL,
  "account_id" TEXT NOT NULL,
  "sms_id" TEXT NOT NULL,
  -- The link as the message had it: where the short link redirects.
  "url" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  -- created_at + KASA_SHORT_LINK_DAYS: after it the link answers a plain "expired" page (410).
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "first_clicked_at" TIMESTAMPTZ(3),
  -- Counted clicks (not link previews, HEAD requests or crawlers).
  "clicks" INTEGER NOT NULL DEFAULT 0,
  CONSTRAINT "short_links_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "short_links_sms_id_fkey" FOREIGN KEY ("sms_id") REFERENCES "sms_messages"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "short_links_sms_id_idx" ON "short_links"("sms_id");

-- Whether a template's and a broadcast's SMS get short links (each recipient its own).
ALTER TABLE "templates" ADD COLUMN "shorten_links" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "broadcasts" ADD COLUMN "shorten_links" BOOLEAN NOT NULL DEFAULT false;
