-- USSD (issue #41): sessions counted by the plans' rate limits, and the day counters of the USSD page's chart.

-- A session is counted when a subscriber's dial opens it; its limits are SMS's figures (docs/decisions.md, "USSD").
INSERT INTO "plan_limits" ("plan_id", "service", "per_minute", "per_day", "per_month")
SELECT "plan_id", 'ussd', "per_minute", "per_day", "per_month" FROM "plan_limits" WHERE "service" = 'sms';

-- A dial the plan's limit refused is written ended, as one the balance refused is: the account sees why its
-- subscribers read the failure text.
ALTER TABLE "ussd_sessions" DROP CONSTRAINT "ussd_sessions_ended_reason_check";
ALTER TABLE "ussd_sessions" ADD CONSTRAINT "ussd_sessions_ended_reason_check" CHECK ("ended_reason" IN
  ('app_end', 'user_abort', 'network_abort', 'timeout', 'app_error', 'insufficient_balance', 'rate_limited'));

-- Sessions per day by how they ended ("ussd.<ended_reason>" on the day the session opened), kept as the Overview's
-- counters are: a delta appended in the statement that ends the session, folded by the worker. A session ends once
-- (the end statement only moves an open row), so each adds one.
CREATE FUNCTION kasa_count_ussd_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'ended' OR (TG_OP = 'UPDATE' AND OLD.status = 'ended') THEN
    RETURN NULL;
  END IF;
  INSERT INTO daily_count_deltas (account_id, day, metric, mode, delta)
  VALUES (NEW.account_id, (NEW.created_at AT TIME ZONE 'UTC')::date, 'ussd.' || NEW.ended_reason, NEW.mode, 1);
  RETURN NULL;
END $$;

CREATE TRIGGER "ussd_sessions_daily_counts" AFTER INSERT OR UPDATE OF "status" ON "ussd_sessions"
  FOR EACH ROW EXECUTE FUNCTION kasa_count_ussd_session();

-- The sessions that ended before the counters existed.
INSERT INTO daily_count_deltas (account_id, day, metric, mode, delta)
SELECT account_id, (created_at AT TIME ZONE 'UTC')::date, 'ussd.' || ended_reason, mode, count(*)
FROM ussd_sessions WHERE status = 'ended' GROUP BY 1, 2, 3, 4;
