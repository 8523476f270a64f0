-- Accounts that teams can trust (issue #14): verified email, reset links, invites, two factors, system-mail throttles
-- and an audit log customers read. Every token below is random, single-purpose, stored only as its SHA-256 and expires.

-- People who existed before this change were never asked to verify; they keep working as they did.
ALTER TABLE "users" ADD COLUMN "email_verified_at" TIMESTAMPTZ(3);
UPDATE "users" SET "email_verified_at" = "created_at";
-- The TOTP secret must be read back to check codes, so it is sealed (AES-GCM, like webhook secrets), not hashed.
ALTER TABLE "users" ADD COLUMN "totp_secret" TEXT;
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" TIMESTAMPTZ(3);

CREATE TYPE "user_token_purpose" AS ENUM ('email_verification', 'password_reset');
CREATE TABLE "user_tokens" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "purpose" "user_token_purpose" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "user_tokens_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "user_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "user_tokens_token_hash_key" ON "user_tokens"("token_hash");
CREATE INDEX "user_tokens_user_id_purpose_idx" ON "user_tokens"("user_id", "purpose");

CREATE TABLE "account_invites" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" "member_role" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "invited_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),
    "accepted_by" TEXT,
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "account_invites_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "account_invites_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "account_invites_token_hash_key" ON "account_invites"("token_hash");
-- One open invite per address and account: inviting again re-sends it.
CREATE UNIQUE INDEX "account_invites_open_key" ON "account_invites"("account_id", "email")
    WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;

CREATE TABLE "recovery_codes" (
    "user_id" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "recovery_codes_pkey" PRIMARY KEY ("user_id", "code_hash"),
    CONSTRAINT "recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "passkeys" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "public_key" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    CONSTRAINT "passkeys_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "passkeys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "passkeys_user_id_idx" ON "passkeys"("user_id");

-- A sign-in whose password was right and whose second factor is still owed; or a passkey enrolment in flight.
CREATE TABLE "auth_challenges" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "token_hash" TEXT,
    "webauthn_challenge" TEXT,
    "user_agent" TEXT,
    "ip" TEXT,
    "tries" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    CONSTRAINT "auth_challenges_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "auth_challenges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "auth_challenges_token_hash_key" ON "auth_challenges"("token_hash");
CREATE INDEX "auth_challenges_user_id_idx" ON "auth_challenges"("user_id");

-- Every system mail sent (or refused) counts here, so the throttles hold across processes.
CREATE TABLE "system_mail_sends" (
    "id" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "ip" TEXT,
    "account_id" TEXT,
    "sent_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "system_mail_sends_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "system_mail_sends_kind_recipient_sent_at_idx" ON "system_mail_sends"("kind", "recipient", "sent_at");
CREATE INDEX "system_mail_sends_kind_ip_sent_at_idx" ON "system_mail_sends"("kind", "ip", "sent_at");
CREATE INDEX "system_mail_sends_kind_account_id_sent_at_idx" ON "system_mail_sends"("kind", "account_id", "sent_at");
CREATE INDEX "system_mail_sends_sent_at_idx" ON "system_mail_sends"("sent_at");

-- The account's own audit log also shows what support did, marked as such.
ALTER TABLE "audit_events" ADD COLUMN "by_support" BOOLEAN NOT NULL DEFAULT false;
