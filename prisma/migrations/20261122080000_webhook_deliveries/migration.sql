-- Webhook deliveries (issue #5): the outbox and the delivery log at once. A
-- trigger on events writes the delivery in the same transaction as the event
-- (and so as the state change that caused it): no event is lost to a crash.
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "account_id" TEXT NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "event_id" BIGINT NOT NULL,
    "transaction_id" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "locked_until" TIMESTAMPTZ(3),
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "last_latency_ms" INTEGER,
    "response_excerpt" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),
    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_deliveries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_status" CHECK ("status" IN ('pending', 'succeeded', 'failed'))
);
-- Receivers deduplicate on (transaction_id, event): we never send one twice to an endpoint.
CREATE UNIQUE INDEX "webhook_deliveries_endpoint_id_transaction_id_event_key" ON "webhook_deliveries"("endpoint_id", "transaction_id", "event");
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");
CREATE INDEX "webhook_deliveries_account_id_created_at_idx" ON "webhook_deliveries"("account_id", "created_at");

CREATE FUNCTION "enqueue_webhook_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, transaction_id, event, payload, next_attempt_at)
  SELECT gen_random_uuid(), NEW.account_id, w.id, NEW.id, NEW.transaction_id, NEW.event,
         jsonb_build_object('event', NEW.event, 'data', NEW.data, 'transaction_id', NEW.transaction_id,
                            'timestamp', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text,
         now()
  FROM webhook_endpoints w
  WHERE w.account_id = NEW.account_id AND w.active AND (NEW.event = ANY (w.events) OR '*' = ANY (w.events))
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "events_enqueue_webhook_deliveries" AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION "enqueue_webhook_deliveries"();
