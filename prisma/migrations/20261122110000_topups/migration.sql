-- Top-ups and money in (issue #7): the Ghana data bundle catalogue and the
-- number prefixes of each network (data, not code), data and airtime
-- purchases with their reconciliation state, card/mobile-money payments that
-- credit the balance once per reference, and the low-balance threshold.
CREATE TABLE "data_bundles" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "capacity_gb" DECIMAL(6,2) NOT NULL,
    "validity_days" INTEGER NOT NULL,
    "price_micros" BIGINT NOT NULL,
    "currency" CHAR(3) NOT NULL DEFAULT 'USD',
    "provider_code" TEXT NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    CONSTRAINT "data_bundles_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "data_bundles_network" CHECK ("network" IN ('mtn', 'telecel', 'airteltigo'))
);
CREATE UNIQUE INDEX "data_bundles_network_capacity_gb_key" ON "data_bundles"("network", "capacity_gb");
INSERT INTO "data_bundles" ("id", "network", "capacity_gb", "validity_days", "price_micros", "provider_code") VALUES
  ('mtn_1gb', 'mtn', 1, 30, 1100000, 'MTN-DATA-1GB'), ('mtn_2gb', 'mtn', 2, 30, 2000000, 'MTN-DATA-2GB'),
  ('mtn_5gb', 'mtn', 5, 30, 4500000, 'MTN-DATA-5GB'), ('mtn_10gb', 'mtn', 10, 30, 8500000, 'MTN-DATA-10GB'),
  ('mtn_20gb', 'mtn', 20, 30, 16000000, 'MTN-DATA-20GB'),
  ('telecel_1gb', 'telecel', 1, 30, 1050000, 'TCL-DATA-1GB'), ('telecel_2gb', 'telecel', 2, 30, 1950000, 'TCL-DATA-2GB'),
  ('telecel_5gb', 'telecel', 5, 30, 4400000, 'TCL-DATA-5GB'), ('telecel_10gb', 'telecel', 10, 30, 8300000, 'TCL-DATA-10GB'),
  ('airteltigo_1gb', 'airteltigo', 1, 30, 1000000, 'AT-DATA-1GB'), ('airteltigo_2gb', 'airteltigo', 2, 30, 1900000, 'AT-DATA-2GB'),
  ('airteltigo_5gb', 'airteltigo', 5, 30, 4300000, 'AT-DATA-5GB'), ('airteltigo_10gb', 'airteltigo', 10, 30, 8000000, 'AT-DATA-10GB');

CREATE TABLE "gh_network_prefixes" (
    "prefix" CHAR(3) NOT NULL,
    "network" TEXT NOT NULL,
    CONSTRAINT "gh_network_prefixes_pkey" PRIMARY KEY ("prefix")
);
INSERT INTO "gh_network_prefixes" ("prefix", "network") VALUES
  ('024', 'mtn'), ('025', 'mtn'), ('053', 'mtn'), ('054', 'mtn'), ('055', 'mtn'), ('059', 'mtn'),
  ('020', 'telecel'), ('050', 'telecel'),
  ('026', 'airteltigo'), ('027', 'airteltigo'), ('056', 'airteltigo'), ('057', 'airteltigo');

CREATE TABLE "topups" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "api_key_id" TEXT,
    "actor" TEXT NOT NULL,
    "mode" "key_mode" NOT NULL,
    "kind" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "country_iso" CHAR(2) NOT NULL,
    "network" TEXT,
    "operator_id" BIGINT,
    "operator_name" TEXT,
    "bundle_id" TEXT,
    "capacity_gb" DECIMAL(6,2),
    "amount" DECIMAL(12,2),
    "amount_currency" CHAR(3),
    "price_micros" BIGINT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "provider" TEXT NOT NULL,
    "provider_reference" TEXT,
    "provider_message" TEXT,
    "reconcile_at" TIMESTAMPTZ(3),
    "reconcile_attempts" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    CONSTRAINT "topups_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "topups_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "topups_kind" CHECK ("kind" IN ('data', 'airtime')),
    CONSTRAINT "topups_status" CHECK ("status" IN ('pending', 'success', 'failed'))
);
CREATE INDEX "topups_account_id_created_at_idx" ON "topups"("account_id", "created_at");
CREATE INDEX "topups_reconcile_due_idx" ON "topups"("reconcile_at") WHERE "status" = 'pending';

CREATE TABLE "payments" (
    "id" TEXT NOT NULL,
    "account_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "amount_micros" BIGINT NOT NULL,
    "currency" CHAR(3) NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "checkout_url" TEXT,
    "created_by" TEXT NOT NULL,
    "provider_payload" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paid_at" TIMESTAMPTZ(3),
    CONSTRAINT "payments_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "payments_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "payments_status" CHECK ("status" IN ('pending', 'success', 'failed'))
);
CREATE UNIQUE INDEX "payments_provider_reference_key" ON "payments"("provider", "reference");
CREATE INDEX "payments_account_id_created_at_idx" ON "payments"("account_id", "created_at");

ALTER TABLE "accounts" ADD COLUMN "low_balance_threshold_micros" BIGINT;

-- balance.low: raised in the transaction that takes the balance under the
-- account's threshold (crossing downwards only, so once per dip).
CREATE FUNCTION "raise_balance_low"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO events (account_id, transaction_id, event, data)
  VALUES (NEW.id, 'bal_' || NEW.id || '_' || floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint, 'balance.low',
          jsonb_build_object('type', 'balance', 'status', 'low', 'balance', NEW.balance_micros / 1e6, 'threshold', NEW.low_balance_threshold_micros / 1e6, 'currency', NEW.currency))
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "accounts_balance_low" AFTER UPDATE OF "balance_micros" ON "accounts" FOR EACH ROW
  WHEN (NEW.low_balance_threshold_micros IS NOT NULL AND OLD.balance_micros >= NEW.low_balance_threshold_micros AND NEW.balance_micros < NEW.low_balance_threshold_micros)
  EXECUTE FUNCTION "raise_balance_low"();
