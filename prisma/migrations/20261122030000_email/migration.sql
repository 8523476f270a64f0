-- Email (issue #4, first part): sender domains with their DKIM keys, and email messages.

CREATE TYPE "domain_status" AS ENUM ('pending', 'verified');
CREATE TYPE "email_status" AS ENUM ('pending', 'sent', 'delivered', 'failed');

CREATE TABLE "sender_domains" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "status" "domain_status" NOT NULL DEFAULT 'pending',
    "is_primary" BOOLEAN NOT NULL DEFAULT false,
    "dkim_selector" TEXT NOT NULL,
    "dkim_private_key" TEXT NOT NULL,
    "dkim_public_key" TEXT NOT NULL,
    "verified_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verified_at" TIMESTAMPTZ(3),
    CONSTRAINT "sender_domains_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "sender_domains_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "sender_domains_name_lower" CHECK ("name" = lower("name")),
    CONSTRAINT "sender_domains_primary_verified" CHECK (NOT "is_primary" OR "status" = 'verified')
);
-- A domain belongs to one account at a time.
CREATE UNIQUE INDEX "sender_domains_name_key" ON "sender_domains"("name");
CREATE INDEX "sender_domains_account_id_idx" ON "sender_domains"("account_id");
-- At most one primary domain per account.
CREATE UNIQUE INDEX "sender_domains_one_primary" ON "sender_domains"("account_id") WHERE "is_primary";

CREATE TABLE "email_messages" (
    "id" TEXT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "batch_id" TEXT,
    "account_id" TEXT NOT NULL,
    "api_key_id" TEXT NOT NULL,
    "mode" "key_mode" NOT NULL,
    "sender" TEXT NOT NULL,
    "to_addresses" TEXT[],
    "cc_addresses" TEXT[],
    "bcc_addresses" TEXT[],
    "reply_to" TEXT,
    "subject" TEXT NOT NULL,
    "tags" JSONB NOT NULL DEFAULT '[]',
    "recipients" INTEGER NOT NULL,
    "status" "email_status" NOT NULL,
    "price_micros" BIGINT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "smtp_message_id" TEXT,
    "error_code" TEXT,
    "error_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "email_messages_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "email_messages_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "email_messages_account_id_created_at_idx" ON "email_messages"("account_id", "created_at");
CREATE INDEX "email_messages_transaction_id_idx" ON "email_messages"("transaction_id");
CREATE INDEX "email_messages_smtp_message_id_idx" ON "email_messages"("smtp_message_id");
