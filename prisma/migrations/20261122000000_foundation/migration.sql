-- Foundation: accounts, people, API keys, plans and the ledger.

CREATE TYPE "account_status" AS ENUM ('active', 'suspended');
CREATE TYPE "member_role" AS ENUM ('owner', 'developer', 'viewer');
CREATE TYPE "key_mode" AS ENUM ('test', 'live');
CREATE TYPE "service" AS ENUM ('sms', 'email', 'data', 'airtime');
CREATE TYPE "ledger_kind" AS ENUM ('credit', 'debit');

CREATE TABLE "plans" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "rank" INTEGER NOT NULL,
    CONSTRAINT "plans_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "plans_rank_key" ON "plans"("rank");

CREATE TABLE "plan_limits" (
    "plan_id" TEXT NOT NULL,
    "service" "service" NOT NULL,
    "per_minute" INTEGER NOT NULL,
    "per_day" INTEGER NOT NULL,
    "per_month" INTEGER NOT NULL,
    CONSTRAINT "plan_limits_pkey" PRIMARY KEY ("plan_id", "service"),
    CONSTRAINT "plan_limits_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "plan_limits_positive" CHECK ("per_minute" > 0 AND "per_day" >= "per_minute" AND "per_month" >= "per_day")
);

CREATE TABLE "accounts" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "plan_id" TEXT NOT NULL,
    "status" "account_status" NOT NULL DEFAULT 'active',
    "currency" CHAR(3) NOT NULL DEFAULT 'USD',
    "balance_micros" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "accounts_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    -- The last line of defence for prepaid money: no code path can overdraw.
    CONSTRAINT "accounts_balance_non_negative" CHECK ("balance_micros" >= 0)
);

CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "password_hash" TEXT,
    "is_staff" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "users_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "users_email_lower" CHECK ("email" = lower("email"))
);
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

CREATE TABLE "memberships" (
    "account_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "role" "member_role" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "memberships_pkey" PRIMARY KEY ("account_id", "user_id"),
    CONSTRAINT "memberships_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "memberships_user_id_idx" ON "memberships"("user_id");

CREATE TABLE "api_keys" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "mode" "key_mode" NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scopes" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");
CREATE INDEX "api_keys_account_id_idx" ON "api_keys"("account_id");

CREATE TABLE "ledger_entries" (
    "id" BIGSERIAL NOT NULL,
    "account_id" TEXT NOT NULL,
    "kind" "ledger_kind" NOT NULL,
    "amount_micros" BIGINT NOT NULL,
    "balance_after_micros" BIGINT NOT NULL,
    "reason" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ledger_entries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ledger_entries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ledger_entries_sign" CHECK (("kind" = 'credit' AND "amount_micros" > 0) OR ("kind" = 'debit' AND "amount_micros" < 0)),
    CONSTRAINT "ledger_entries_balance_after_non_negative" CHECK ("balance_after_micros" >= 0)
);
CREATE INDEX "ledger_entries_account_id_id_idx" ON "ledger_entries"("account_id", "id");

-- Plans and their limits, SPEC 8.3 (requests per minute / day / month).
INSERT INTO "plans" ("id", "name", "rank") VALUES
    ('free', 'Free', 1),
    ('starter', 'Starter', 2),
    ('pro', 'Pro', 3),
    ('business', 'Business', 4),
    ('enterprise', 'Enterprise', 5);

INSERT INTO "plan_limits" ("plan_id", "service", "per_minute", "per_day", "per_month") VALUES
    ('free', 'sms', 5, 50, 50),
    ('free', 'email', 10, 500, 500),
    ('free', 'data', 2, 50, 50),
    ('free', 'airtime', 2, 50, 50),
    ('starter', 'sms', 50, 300, 300),
    ('starter', 'email', 100, 2000, 2000),
    ('starter', 'data', 20, 300, 300),
    ('starter', 'airtime', 20, 300, 300),
    ('pro', 'sms', 200, 1500, 1500),
    ('pro', 'email', 500, 10000, 10000),
    ('pro', 'data', 100, 1500, 1500),
    ('pro', 'airtime', 100, 1500, 1500),
    ('business', 'sms', 500, 6000, 6000),
    ('business', 'email', 1000, 40000, 40000),
    ('business', 'data', 200, 6000, 6000),
    ('business', 'airtime', 200, 6000, 6000),
    ('enterprise', 'sms', 5000, 100000, 1000000),
    ('enterprise', 'email', 10000, 500000, 10000000),
    ('enterprise', 'data', 2000, 50000, 500000),
    ('enterprise', 'airtime', 2000, 50000, 500000);
