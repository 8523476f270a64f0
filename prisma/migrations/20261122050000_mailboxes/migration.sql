-- Mailboxes on verified sender domains, and the mail they receive (issue #4).
CREATE TABLE "mailboxes" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "domain_id" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "mailboxes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "mailboxes_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "mailboxes_domain_id_fkey" FOREIGN KEY ("domain_id") REFERENCES "sender_domains"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "mailboxes_address_lower" CHECK ("address" = lower("address"))
);
CREATE UNIQUE INDEX "mailboxes_address_key" ON "mailboxes"("address");
CREATE INDEX "mailboxes_account_id_idx" ON "mailboxes"("account_id");

CREATE TABLE "inbound_emails" (
    "id" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "mailbox_id" TEXT NOT NULL,
    "from_address" TEXT NOT NULL,
    "to_addresses" TEXT[],
    "subject" TEXT NOT NULL,
    "text_body" TEXT,
    "html_body" TEXT,
    "message_id" TEXT,
    "size_bytes" INTEGER NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "inbound_emails_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "inbound_emails_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "inbound_emails_mailbox_id_fkey" FOREIGN KEY ("mailbox_id") REFERENCES "mailboxes"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "inbound_emails_account_id_received_at_idx" ON "inbound_emails"("account_id", "received_at");
