-- Every delivery carries transaction_id at the top level and in data (issue
-- #5), whatever the use case that raised the event put in data.
CREATE OR REPLACE FUNCTION "enqueue_webhook_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, transaction_id, event, payload, next_attempt_at)
  SELECT gen_random_uuid(), NEW.account_id, w.id, NEW.id, NEW.transaction_id, NEW.event,
         jsonb_build_object('event', NEW.event,
                            'data', jsonb_build_object('transaction_id', NEW.transaction_id) || NEW.data,
                            'transaction_id', NEW.transaction_id,
                            'timestamp', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text,
         now()
  FROM webhook_endpoints w
  WHERE w.account_id = NEW.account_id AND w.active AND (NEW.event = ANY (w.events) OR '*' = ANY (w.events))
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;
