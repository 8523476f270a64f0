-- Every verification code Kasa texts, for the caps that keep number verification from being an SMS pump
-- (per number, per account, per deployment); kept a day and a bit, purged by the worker.
CREATE TABLE "verification_code_sends" (
    "id" BIGSERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "number" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "verification_code_sends_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "verification_code_sends_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "verification_code_sends_number_sent_at_idx" ON "verification_code_sends"("number", "sent_at");
CREATE INDEX "verification_code_sends_account_id_sent_at_idx" ON "verification_code_sends"("account_id", "sent_at");
CREATE INDEX "verification_code_sends_sent_at_idx" ON "verification_code_sends"("sent_at");

-- Wrong tries count from the first code of a 24-hour window, not from the latest code: a resend no longer resets them.
ALTER TABLE "verified_numbers" ADD COLUMN "tries_since" TIMESTAMPTZ(3);
