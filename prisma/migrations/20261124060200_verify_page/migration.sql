-- The Verify page's figures (issue #25) from the day counters of the Overview (daily_counts): per account, UTC day of
-- the verification's creation and mode, "verify.sent" and "verify.approved", each also per destination country
-- ("verify.sent.GH"; "verify.sent.email" for email), and "verify.approve_seconds" (the time approvals took, summed,
-- for the average), and "verify.spend_micros" (what the messages cost: written by the send, see send-verification.ts).
-- Kept by a trigger that appends deltas like the others, so the page reads what it shows: the days
-- and countries, never the verifications.
CREATE FUNCTION kasa_count_verification() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  place TEXT;
  day DATE;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- A verification whose first send never left (the balance was short) is removed: it was never sent.
    place := coalesce(OLD.country_iso, 'email');
    day := (OLD.created_at AT TIME ZONE 'UTC')::date;
    INSERT INTO daily_count_deltas (account_id, day, metric, mode, delta) VALUES
      (OLD.account_id, day, 'verify.sent', OLD.mode, -1),
      (OLD.account_id, day, 'verify.sent.' || place, OLD.mode, -1);
    RETURN NULL;
  END IF;
  place := coalesce(NEW.country_iso, 'email');
  day := (NEW.created_at AT TIME ZONE 'UTC')::date;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO daily_count_deltas (account_id, day, metric, mode, delta) VALUES
      (NEW.account_id, day, 'verify.sent', NEW.mode, 1),
      (NEW.account_id, day, 'verify.sent.' || place, NEW.mode, 1);
  ELSIF NEW.status = 'approved' AND OLD.status IS DISTINCT FROM 'approved' THEN
    INSERT INTO daily_count_deltas (account_id, day, metric, mode, delta) VALUES
      (NEW.account_id, day, 'verify.approved', NEW.mode, 1),
      (NEW.account_id, day, 'verify.approved.' || place, NEW.mode, 1),
      (NEW.account_id, day, 'verify.approve_seconds', NEW.mode,
       greatest(0, round(extract(epoch FROM (coalesce(NEW.approved_at, now()) - NEW.created_at))))::bigint);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER "verifications_daily_counts" AFTER INSERT OR DELETE OR UPDATE OF "status" ON "verifications"
  FOR EACH ROW EXECUTE FUNCTION kasa_count_verification();

-- The Verify page's list filtered by status: a page from the index whatever the account's history.
CREATE INDEX "verifications_account_id_mode_status_created_at_idx" ON "verifications"("account_id", "mode", "status", "created_at");

-- A key made with every scope there was (a full-access key) gets Verify's too, as a Stripe standard key gets a new
-- product; a key whose scopes were chosen narrower keeps exactly those (docs/decisions.md).
UPDATE "api_keys" SET "scopes" = array_append("scopes", 'verify:send')
WHERE "scopes" @> ARRAY['sms:send', 'email:send', 'webhooks:manage', 'data:purchase', 'airtime:purchase',
                        'transactions:read', 'domains:manage', 'senders:manage', 'account:read']::text[]
  AND NOT ('verify:send' = ANY("scopes"));

-- Retention (KASA_VERIFICATION_RETENTION_DAYS): settled verifications are removed oldest first.
CREATE INDEX "verifications_created_at_idx" ON "verifications"("created_at");
