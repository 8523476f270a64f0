-- Claims count each endpoint's leased deliveries (its attempts in flight) to give it no more than its share of slots.
CREATE INDEX "webhook_deliveries_leased_idx" ON "webhook_deliveries" ("endpoint_id", "locked_until") WHERE status = 'pending' AND locked_until IS NOT NULL;
