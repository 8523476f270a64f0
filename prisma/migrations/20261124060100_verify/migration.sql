-- Verify (issue #25): one-time codes as a product.

-- Its plan limits are SMS's figures (docs/decisions.md): a verification is one message.
INSERT INTO "plan_limits" ("plan_id", "service", "per_minute", "per_day", "per_month")
SELECT "plan_id", 'verify', "per_minute", "per_day", "per_month" FROM "plan_limits" WHERE "service" = 'sms';

CREATE TYPE "verification_status" AS ENUM ('pending', 'approved', 'failed', 'expired');
CREATE TYPE "verification_channel" AS ENUM ('sms', 'email');

-- One verification: a code sent (up to 5 times) to one destination, checked up to 5 times. The code is checked
-- against an HMAC under the deployment's secret (a 6-digit code's plain hash is a million guesses away). A resend
-- sends the same code, so while the verification is pending a sealed copy (AES-GCM, the secrets key) is kept too;
-- the statement that settles a live verification erases it. A test one keeps it, for its dashboard page (nothing
-- there is delivered to a phone).
CREATE TABLE "verifications" (
  "id" TEXT PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "api_key_id" TEXT NOT NULL,
  "mode" "key_mode" NOT NULL,
  "channel" "verification_channel" NOT NULL,
  "to_address" TEXT NOT NULL,
  -- SMS only: the destination's country and its number block (the E.164 digits but the last four), what the fraud
  -- guard counts.
  "country_iso" CHAR(2),
  "prefix" TEXT,
  "code_hash" TEXT NOT NULL,
  "code_sealed" TEXT,
  "code_length" INTEGER NOT NULL,
  "brand" TEXT NOT NULL,
  "locale" TEXT NOT NULL,
  "ttl_seconds" INTEGER NOT NULL,
  "status" "verification_status" NOT NULL DEFAULT 'pending',
  "wrong_attempts" INTEGER NOT NULL DEFAULT 0,
  "sends" INTEGER NOT NULL DEFAULT 0,
  "last_sent_at" TIMESTAMPTZ(3),
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "approved_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now(),
  CONSTRAINT "verifications_code_erased_once_settled" CHECK ("mode" = 'test' OR "status" = 'pending' OR "code_sealed" IS NULL)
);
-- The Verify page's list and day figures, newest first.
CREATE INDEX "verifications_account_id_mode_created_at_idx" ON "verifications"("account_id", "mode", "created_at");
-- One open verification per destination: a second send to it resends the same code; the index makes that race-free.
CREATE UNIQUE INDEX "verifications_one_pending_per_destination" ON "verifications"("account_id", "mode", "to_address")
  WHERE "status" = 'pending';
-- The fraud guard's counts per destination and per number block, over the last hour.
CREATE INDEX "verifications_account_id_mode_to_address_created_at_idx" ON "verifications"("account_id", "mode", "to_address", "created_at");
-- The fraud guard's counts per number block, over the last hour.
CREATE INDEX "verifications_account_id_mode_prefix_created_at_idx" ON "verifications"("account_id", "mode", "prefix", "created_at")
  WHERE "prefix" IS NOT NULL;

-- Every message a verification sent: an ordinary SMS or email transaction, charged as such.
CREATE TABLE "verification_messages" (
  "transaction_id" TEXT PRIMARY KEY,
  "verification_id" TEXT NOT NULL REFERENCES "verifications"("id") ON DELETE CASCADE,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "verification_messages_verification_id_idx" ON "verification_messages"("verification_id");

-- The countries an account verifies numbers in (geo-permissions). Until the account chooses (verify_countries_chosen
-- false), the default applies: the countries on Kasa's local African route.
ALTER TABLE "accounts" ADD COLUMN "verify_countries_chosen" BOOLEAN NOT NULL DEFAULT false;
CREATE TABLE "verify_countries" (
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "country_iso" CHAR(2) NOT NULL,
  PRIMARY KEY ("account_id", "country_iso")
);

-- The conversion guard's blocks: a number block whose verifications stopped being approved is refused until
-- blocked_until, or until an owner lifts it.
CREATE TABLE "verify_blocks" (
  "id" TEXT PRIMARY KEY,
  "account_id" TEXT NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "mode" "key_mode" NOT NULL,
  "prefix" TEXT NOT NULL,
  "country_iso" CHAR(2) NOT NULL,
  "sampled" INTEGER NOT NULL,
  "approved" INTEGER NOT NULL,
  "blocked_until" TIMESTAMPTZ(3) NOT NULL,
  "lifted_at" TIMESTAMPTZ(3),
  "lifted_by" TEXT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
CREATE INDEX "verify_blocks_account_id_mode_prefix_idx" ON "verify_blocks"("account_id", "mode", "prefix", "blocked_until");
CREATE INDEX "verify_blocks_account_id_created_at_idx" ON "verify_blocks"("account_id", "created_at");

-- The worker marks pending verifications expired once their time is up (and erases a live one's sealed code): only
-- the pending ones are in this index, so the sweep costs what it settles.
CREATE INDEX "verifications_pending_expires_at_idx" ON "verifications"("expires_at") WHERE "status" = 'pending';
