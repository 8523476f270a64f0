-- Delivery figures (issue #43, point 1): what became of every message, per account, mode, channel, hour of its
-- creation (UTC), country, network, route, carrier, sender, broadcast, outcome and reason, with a histogram of the
-- time it took to be delivered. Kept the way daily_counts are (migration 20261124050000): a trigger on each table
-- appends deltas in the statement that changes a row, the worker folds them, a reader sums both.
--
-- Each table has a facts function: the counter rows one of its rows stands for now (its outcome, its first open, its
-- click...). The trigger appends +1 for the new row's facts and -1 for the old row's, less what both share
-- (EXCEPT ALL), so the counters always equal the facts of the rows as they are, whatever path or replay changed them,
-- and a statement that changes nothing counted appends nothing.
--
-- A dimension that does not apply to a channel is '' (not NULL: it is part of the key). What each column holds per
-- channel (docs/decisions.md, "Insights"):
--   sms:     country, network (the number's), route, carrier (the provider), sender, broadcast
--   email:   network = the first recipient's domain, sender = the From address, broadcast
--   verify:  country, route = the channel (sms | email)
--   webhook: carrier = the endpoint's id, sender = the event type

ALTER TABLE "sms_messages" ADD COLUMN "network" TEXT;
ALTER TABLE "sms_messages" ADD COLUMN "clicked_at" TIMESTAMPTZ(3);
ALTER TABLE "email_messages" ADD COLUMN "delivered_at" TIMESTAMPTZ(3);
ALTER TABLE "email_messages" ADD COLUMN "opened_at" TIMESTAMPTZ(3);
ALTER TABLE "email_messages" ADD COLUMN "clicked_at" TIMESTAMPTZ(3);
ALTER TABLE "email_messages" ADD COLUMN "complained_at" TIMESTAMPTZ(3);

-- What exists already: the network of each SMS's number (the longest allocated prefix of its national number).
UPDATE sms_messages s SET network = (
  SELECT n.slug FROM mobile_network_prefixes p
  JOIN mobile_networks n ON n.id = p.network_id
  JOIN countries c ON c.iso2 = s.country_iso
  WHERE p.country_iso = s.country_iso
    AND substr(s.to_number, 2 + length(c.dialing_code), length(p.prefix)) = p.prefix
  ORDER BY length(p.prefix) DESC LIMIT 1)
WHERE s.country_iso IN (SELECT DISTINCT country_iso FROM mobile_network_prefixes);

CREATE TABLE "delivery_counts" (
  "account_id" TEXT NOT NULL,
  "channel" TEXT NOT NULL,
  "mode" "key_mode" NOT NULL,
  "hour" TIMESTAMPTZ(0) NOT NULL,
  "country" TEXT NOT NULL,
  "network" TEXT NOT NULL,
  "route" TEXT NOT NULL,
  "carrier" TEXT NOT NULL,
  "sender" TEXT NOT NULL,
  "broadcast_id" TEXT NOT NULL,
  "outcome" TEXT NOT NULL,
  "reason" TEXT NOT NULL,
  -- The time-to-delivered bucket of a delivered (approved, succeeded) message (kasa_latency_bucket); -1 otherwise.
  "bucket" SMALLINT NOT NULL,
  "value" BIGINT NOT NULL DEFAULT 0,
  CONSTRAINT "delivery_counts_pkey" PRIMARY KEY
    ("account_id", "channel", "mode", "hour", "country", "network", "route", "carrier", "sender", "broadcast_id", "outcome", "reason", "bucket")
);
-- Staff's view across accounts (carriers as a whole) reads the recent hours of one channel.
CREATE INDEX "delivery_counts_channel_hour_idx" ON "delivery_counts"("channel", "hour");

CREATE TABLE "delivery_count_deltas" (
  "id" BIGSERIAL PRIMARY KEY,
  "account_id" TEXT NOT NULL,
  "channel" TEXT NOT NULL,
  "mode" "key_mode" NOT NULL,
  "hour" TIMESTAMPTZ(0) NOT NULL,
  "country" TEXT NOT NULL,
  "network" TEXT NOT NULL,
  "route" TEXT NOT NULL,
  "carrier" TEXT NOT NULL,
  "sender" TEXT NOT NULL,
  "broadcast_id" TEXT NOT NULL,
  "outcome" TEXT NOT NULL,
  "reason" TEXT NOT NULL,
  "bucket" SMALLINT NOT NULL,
  "delta" BIGINT NOT NULL
);
CREATE INDEX "delivery_count_deltas_account_id_channel_hour_idx" ON "delivery_count_deltas"("account_id", "channel", "hour");
CREATE INDEX "delivery_count_deltas_channel_hour_idx" ON "delivery_count_deltas"("channel", "hour");

-- Upper bounds, in seconds, of the time-to-delivered buckets: bucket i holds [bound i-1, bound i), the last one
-- everything from a day on. Fixed, so counters can be added across hours and accounts; the percentiles are read
-- from them (server/modules/insights/latency-buckets.ts holds the same list).
CREATE FUNCTION kasa_latency_bucket(started TIMESTAMPTZ, finished TIMESTAMPTZ) RETURNS SMALLINT
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN started IS NULL OR finished IS NULL THEN -1::smallint
    ELSE width_bucket(greatest(extract(epoch FROM finished - started), 0)::float8,
      ARRAY[1, 2, 3, 5, 10, 20, 30, 60, 120, 300, 600, 1800, 3600, 21600, 86400]::float8[])::smallint END
$$;

CREATE FUNCTION kasa_hour(at TIMESTAMPTZ) RETURNS TIMESTAMPTZ LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('hour', at, 'UTC')
$$;

-- The facts rows: (account_id, channel, mode, hour, country, network, route, carrier, sender, broadcast_id, outcome,
-- reason, bucket). STRICT: a NULL row (the OLD of an INSERT) has none.
CREATE FUNCTION kasa_sms_facts(m sms_messages) RETURNS TABLE (
  account_id TEXT, channel TEXT, mode key_mode, hour TIMESTAMPTZ, country TEXT, network TEXT, route TEXT,
  carrier TEXT, sender TEXT, broadcast_id TEXT, outcome TEXT, reason TEXT, bucket SMALLINT)
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT m.account_id, 'sms', m.mode, kasa_hour(m.created_at), m.country_iso::text, coalesce(m.network, ''),
    m.route::text, coalesce(m.provider, ''), m.sender, coalesce(m.broadcast_id, ''), f.outcome, f.reason, f.bucket
  FROM (VALUES
    (m.status::text,
     CASE WHEN m.status IN ('failed', 'unknown') THEN coalesce(m.failure_reason, m.error_code, '') ELSE '' END,
     CASE WHEN m.status = 'delivered'
       THEN kasa_latency_bucket(coalesce(m.scheduled_at, m.created_at), m.delivered_at) ELSE -1::smallint END),
    (CASE WHEN m.clicked_at IS NOT NULL THEN 'clicked' END, '', -1::smallint)
  ) AS f(outcome, reason, bucket)
  WHERE f.outcome IS NOT NULL
$$;

CREATE FUNCTION kasa_email_facts(m email_messages) RETURNS TABLE (
  account_id TEXT, channel TEXT, mode key_mode, hour TIMESTAMPTZ, country TEXT, network TEXT, route TEXT,
  carrier TEXT, sender TEXT, broadcast_id TEXT, outcome TEXT, reason TEXT, bucket SMALLINT)
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT m.account_id, 'email', m.mode, kasa_hour(m.created_at), '',
    coalesce(lower(split_part(m.to_addresses[1], '@', 2)), ''), '', '', m.sender, coalesce(m.broadcast_id, ''),
    f.outcome, f.reason, f.bucket
  FROM (VALUES
    (CASE WHEN m.status = 'failed' AND m.error_code = 'bounced' THEN 'bounced' ELSE m.status::text END,
     CASE WHEN m.status IN ('failed', 'unknown') THEN coalesce(m.error_code, '') ELSE '' END,
     CASE WHEN m.status = 'delivered'
       THEN kasa_latency_bucket(coalesce(m.scheduled_at, m.created_at), m.delivered_at) ELSE -1::smallint END),
    (CASE WHEN m.opened_at IS NOT NULL THEN 'opened' END, '', -1::smallint),
    (CASE WHEN m.clicked_at IS NOT NULL THEN 'clicked' END, '', -1::smallint),
    (CASE WHEN m.complained_at IS NOT NULL THEN 'complained' END, '', -1::smallint)
  ) AS f(outcome, reason, bucket)
  WHERE f.outcome IS NOT NULL
$$;

CREATE FUNCTION kasa_verify_facts(v verifications) RETURNS TABLE (
  account_id TEXT, channel TEXT, mode key_mode, hour TIMESTAMPTZ, country TEXT, network TEXT, route TEXT,
  carrier TEXT, sender TEXT, broadcast_id TEXT, outcome TEXT, reason TEXT, bucket SMALLINT)
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT v.account_id, 'verify', v.mode, kasa_hour(v.created_at), coalesce(v.country_iso::text, ''), '',
    v.channel::text, '', '', '', v.status::text, '',
    CASE WHEN v.status = 'approved' THEN kasa_latency_bucket(v.created_at, v.approved_at) ELSE -1::smallint END
$$;

CREATE FUNCTION kasa_webhook_facts(d webhook_deliveries) RETURNS TABLE (
  account_id TEXT, channel TEXT, mode key_mode, hour TIMESTAMPTZ, country TEXT, network TEXT, route TEXT,
  carrier TEXT, sender TEXT, broadcast_id TEXT, outcome TEXT, reason TEXT, bucket SMALLINT)
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT d.account_id, 'webhook', CASE WHEN d.livemode THEN 'live' ELSE 'test' END::key_mode, kasa_hour(d.created_at),
    '', '', '', d.endpoint_id::text, d.event, '', d.status,
    CASE WHEN d.status = 'failed' THEN coalesce('http_' || d.last_status_code::text, 'unreachable') ELSE '' END,
    CASE WHEN d.status = 'succeeded' THEN kasa_latency_bucket(d.created_at, d.delivered_at) ELSE -1::smallint END
$$;

CREATE FUNCTION kasa_count_delivery() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is NULL on an INSERT (and NEW on a DELETE): the STRICT facts functions give no rows for it.
  IF TG_TABLE_NAME = 'sms_messages' THEN
    INSERT INTO delivery_count_deltas (account_id, channel, mode, hour, country, network, route, carrier, sender,
      broadcast_id, outcome, reason, bucket, delta)
    SELECT *, 1 FROM (SELECT * FROM kasa_sms_facts(NEW) EXCEPT ALL SELECT * FROM kasa_sms_facts(OLD)) added
    UNION ALL
    SELECT *, -1 FROM (SELECT * FROM kasa_sms_facts(OLD) EXCEPT ALL SELECT * FROM kasa_sms_facts(NEW)) removed;
  ELSIF TG_TABLE_NAME = 'email_messages' THEN
    INSERT INTO delivery_count_deltas (account_id, channel, mode, hour, country, network, route, carrier, sender,
      broadcast_id, outcome, reason, bucket, delta)
    SELECT *, 1 FROM (SELECT * FROM kasa_email_facts(NEW) EXCEPT ALL SELECT * FROM kasa_email_facts(OLD)) added
    UNION ALL
    SELECT *, -1 FROM (SELECT * FROM kasa_email_facts(OLD) EXCEPT ALL SELECT * FROM kasa_email_facts(NEW)) removed;
  ELSIF TG_TABLE_NAME = 'verifications' THEN
    INSERT INTO delivery_count_deltas (account_id, channel, mode, hour, country, network, route, carrier, sender,
      broadcast_id, outcome, reason, bucket, delta)
    SELECT *, 1 FROM (SELECT * FROM kasa_verify_facts(NEW) EXCEPT ALL SELECT * FROM kasa_verify_facts(OLD)) added
    UNION ALL
    SELECT *, -1 FROM (SELECT * FROM kasa_verify_facts(OLD) EXCEPT ALL SELECT * FROM kasa_verify_facts(NEW)) removed;
  ELSE
    INSERT INTO delivery_count_deltas (account_id, channel, mode, hour, country, network, route, carrier, sender,
      broadcast_id, outcome, reason, bucket, delta)
    SELECT *, 1 FROM (SELECT * FROM kasa_webhook_facts(NEW) EXCEPT ALL SELECT * FROM kasa_webhook_facts(OLD)) added
    UNION ALL
    SELECT *, -1 FROM (SELECT * FROM kasa_webhook_facts(OLD) EXCEPT ALL SELECT * FROM kasa_webhook_facts(NEW)) removed;
  END IF;
  RETURN NULL;
END $$;

-- Fired only by the columns the facts read, so a write that touches none of them (a lease, an attempt count)
-- costs nothing here. A deleted row (an account erased) takes its counters with the account's own cleanup.
CREATE TRIGGER "sms_messages_delivery_counts"
  AFTER INSERT OR UPDATE OF "status", "network", "provider", "failure_reason", "error_code", "delivered_at",
    "clicked_at", "scheduled_at", "sender", "route", "country_iso", "broadcast_id"
  ON "sms_messages" FOR EACH ROW EXECUTE FUNCTION kasa_count_delivery();
CREATE TRIGGER "email_messages_delivery_counts"
  AFTER INSERT OR UPDATE OF "status", "error_code", "delivered_at", "opened_at", "clicked_at", "complained_at",
    "scheduled_at", "sender", "to_addresses", "broadcast_id"
  ON "email_messages" FOR EACH ROW EXECUTE FUNCTION kasa_count_delivery();
CREATE TRIGGER "verifications_delivery_counts"
  AFTER INSERT OR UPDATE OF "status", "approved_at", "country_iso"
  ON "verifications" FOR EACH ROW EXECUTE FUNCTION kasa_count_delivery();
CREATE TRIGGER "webhook_deliveries_delivery_counts"
  AFTER INSERT OR UPDATE OF "status", "delivered_at", "last_status_code"
  ON "webhook_deliveries" FOR EACH ROW EXECUTE FUNCTION kasa_count_delivery();


-- What exists already: every row's facts.
INSERT INTO delivery_counts (account_id, channel, mode, hour, country, network, route, carrier, sender, broadcast_id,
  outcome, reason, bucket, value)
SELECT f.account_id, f.channel, f.mode, f.hour, f.country, f.network, f.route, f.carrier, f.sender, f.broadcast_id,
  f.outcome, f.reason, f.bucket, count(*)
FROM (
  SELECT f.* FROM sms_messages m, kasa_sms_facts(m) f
  UNION ALL SELECT f.* FROM email_messages m, kasa_email_facts(m) f
  UNION ALL SELECT f.* FROM verifications v, kasa_verify_facts(v) f
  UNION ALL SELECT f.* FROM webhook_deliveries d, kasa_webhook_facts(d) f
) f
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;

-- The Insights API's scope: a key made with every scope there was (a full-access key) gets it, as lookup's was added.
UPDATE "api_keys" SET "scopes" = array_append("scopes", 'analytics:read')
WHERE "scopes" @> ARRAY['sms:send', 'email:send', 'webhooks:manage', 'data:purchase', 'airtime:purchase',
                        'transactions:read', 'domains:manage', 'senders:manage', 'account:read', 'verify:send',
                        'contacts:manage', 'broadcasts:send', 'lookup:read']::text[]
  AND NOT ('analytics:read' = ANY("scopes"));
