-- Test and live apart on the webhook (issue #22, item 5): every event knows its mode, every payload carries
-- data.livemode, and an endpoint may take live events, test events or both (SPEC's one endpoint: both).

ALTER TABLE "events" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "webhook_deliveries" ADD COLUMN "livemode" BOOLEAN NOT NULL DEFAULT true;
CREATE TYPE "webhook_mode" AS ENUM ('both', 'live', 'test');
ALTER TABLE "webhook_endpoints" ADD COLUMN "mode" "webhook_mode" NOT NULL DEFAULT 'both';

-- The mode is the transaction's own, read by its id's kind (one primary-key lookup): a message or top-up made with a
-- test key raises test events. Events of no such row (inbound mail and SMS, balance.low) are live: only live traffic
-- and live money make them.
CREATE FUNCTION "events_set_livemode"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found_mode key_mode;
BEGIN
  IF NEW.transaction_id LIKE 'sms\_%' THEN
    SELECT mode INTO found_mode FROM sms_messages WHERE id = NEW.transaction_id;
  ELSIF NEW.transaction_id LIKE 'email\_%' THEN
    SELECT mode INTO found_mode FROM email_messages WHERE transaction_id = NEW.transaction_id LIMIT 1;
  ELSIF NEW.transaction_id LIKE 'data\_%' OR NEW.transaction_id LIKE 'airtime\_%' THEN
    SELECT mode INTO found_mode FROM topups WHERE id = NEW.transaction_id;
  END IF;
  IF found_mode IS NOT NULL THEN
    NEW.livemode := found_mode = 'live';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "events_set_livemode" BEFORE INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "events_set_livemode"();

CREATE OR REPLACE FUNCTION "enqueue_webhook_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, transaction_id, event, payload, next_attempt_at, livemode)
  SELECT gen_random_uuid(), NEW.account_id, w.id, NEW.id, NEW.transaction_id, NEW.event,
         jsonb_build_object('event', NEW.event,
                            'data', jsonb_build_object('transaction_id', NEW.transaction_id) || NEW.data
                                    || jsonb_build_object('livemode', NEW.livemode),
                            'transaction_id', NEW.transaction_id,
                            'timestamp', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text,
         now(), NEW.livemode
  FROM webhook_endpoints w
  WHERE w.account_id = NEW.account_id AND w.active AND (NEW.event = ANY (w.events) OR '*' = ANY (w.events))
    AND (w.mode = 'both' OR (w.mode = 'live') = NEW.livemode)
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
