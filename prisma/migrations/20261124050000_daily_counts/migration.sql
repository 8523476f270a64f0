-- Day counters for the Overview (issue #17, in the shape of issue #16's usage_daily): messages per account, UTC day
-- of their creation, channel, key mode and status, and the money sends spent. They are kept by triggers, so every
-- path that writes a message or a ledger entry (the send, a receipt, the recovery job, a refund) moves them in its
-- own transaction, and none can forget to.
--
-- A trigger does not update the counters: fifty sends of one account would queue on one counter row's lock, and two
-- transactions moving two messages' statuses could lock counter rows in opposite orders and deadlock. It appends a
-- delta instead (no lock, no conflict); the worker folds deltas into daily_counts every few seconds, one folder at
-- a time, and a reader sums both, so the numbers are exact whether the folder ran a moment ago or not at all.
CREATE TABLE "daily_counts" (
  "account_id" TEXT NOT NULL,
  "day" DATE NOT NULL,
  "metric" TEXT NOT NULL,
  "mode" "key_mode" NOT NULL,
  "value" BIGINT NOT NULL DEFAULT 0,
  CONSTRAINT "daily_counts_pkey" PRIMARY KEY ("account_id", "day", "metric", "mode")
);

CREATE TABLE "daily_count_deltas" (
  "id" BIGSERIAL NOT NULL,
  "account_id" TEXT NOT NULL,
  "day" DATE NOT NULL,
  "metric" TEXT NOT NULL,
  "mode" "key_mode" NOT NULL,
  "delta" BIGINT NOT NULL,
  CONSTRAINT "daily_count_deltas_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "daily_count_deltas_account_id_day_idx" ON "daily_count_deltas"("account_id", "day");

-- A message: +1 to "<channel>.<status>" on its day when written, and when its status changes -1 to the old status
-- and +1 to the new one (both on the day it was created: the chart shows what became of each day's messages).
CREATE FUNCTION kasa_count_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel TEXT := TG_ARGV[0];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
      RETURN NULL;
    END IF;
    INSERT INTO daily_count_deltas (account_id, day, metric, mode, delta) VALUES
      (OLD.account_id, (OLD.created_at AT TIME ZONE 'UTC')::date, channel || '.' || OLD.status::text, OLD.mode, -1),
      (NEW.account_id, (NEW.created_at AT TIME ZONE 'UTC')::date, channel || '.' || NEW.status::text, NEW.mode, 1);
  ELSE
    INSERT INTO daily_count_deltas (account_id, day, metric, mode, delta)
    VALUES (NEW.account_id, (NEW.created_at AT TIME ZONE 'UTC')::date, channel || '.' || NEW.status::text, NEW.mode, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "sms_messages_daily_counts" AFTER INSERT OR UPDATE OF "status" ON "sms_messages"
  FOR EACH ROW EXECUTE FUNCTION kasa_count_message('sms');
CREATE TRIGGER "email_messages_daily_counts" AFTER INSERT OR UPDATE OF "status" ON "email_messages"
  FOR EACH ROW EXECUTE FUNCTION kasa_count_message('email');

-- Money spent: what reservations and debits took, less what refunds gave back (credits are money in, and a
-- capture moves nothing). Test keys never reach the ledger, so spend is live.
CREATE FUNCTION kasa_count_spend() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_count_deltas (account_id, day, metric, mode, delta)
  VALUES (NEW.account_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 'spend_micros', 'live', -NEW.amount_micros);
  RETURN NULL;
END $$;

CREATE TRIGGER "ledger_entries_daily_spend" AFTER INSERT ON "ledger_entries"
  FOR EACH ROW WHEN (NEW.kind IN ('reserve', 'debit', 'refund') AND NEW.amount_micros <> 0)
  EXECUTE FUNCTION kasa_count_spend();

-- What exists already.
INSERT INTO daily_counts (account_id, day, metric, mode, value)
SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, 'sms.' || status::text, mode, count(*)
FROM sms_messages GROUP BY 1, 2, 3, 4;
INSERT INTO daily_counts (account_id, day, metric, mode, value)
SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, 'email.' || status::text, mode, count(*)
FROM email_messages GROUP BY 1, 2, 3, 4;
INSERT INTO daily_counts (account_id, day, metric, mode, value)
SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, 'spend_micros', 'live', sum(-amount_micros)
FROM ledger_entries WHERE kind IN ('reserve', 'debit', 'refund') AND amount_micros <> 0 GROUP BY 1, 2;
