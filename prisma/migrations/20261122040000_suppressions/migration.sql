-- Bounces and complaints (issue #4): addresses an account must not mail again.
CREATE TABLE "suppressions" (
    "account_id" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "detail" TEXT,
    "source_email_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "suppressions_pkey" PRIMARY KEY ("account_id", "address"),
    CONSTRAINT "suppressions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "suppressions_reason" CHECK ("reason" IN ('hard_bounce', 'complaint', 'manual')),
    CONSTRAINT "suppressions_address_lower" CHECK ("address" = lower("address"))
);
