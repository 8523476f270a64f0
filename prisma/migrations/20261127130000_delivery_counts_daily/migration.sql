-- Delivery figures by UTC day (issue #43; docs/decisions.md, "Insights"): the hourly counters summed by day, kept by
-- the same fold (fold-delivery-counts.ts moves each batch of deltas into both tables in one statement). A reading of
-- whole days (a month by day, by network, by reason) reads 24 times fewer rows here; hours stay in delivery_counts.
CREATE TABLE "delivery_counts_daily" (
  "account_id" TEXT NOT NULL,
  "channel" TEXT NOT NULL,
  "mode" "key_mode" NOT NULL,
  "day" DATE NOT NULL,
  "country" TEXT NOT NULL,
  "network" TEXT NOT NULL,
  "route" TEXT NOT NULL,
  "carrier" TEXT NOT NULL,
  "sender" TEXT NOT NULL,
  "broadcast_id" TEXT NOT NULL,
  "outcome" TEXT NOT NULL,
  "reason" TEXT NOT NULL,
  "bucket" SMALLINT NOT NULL,
  "value" BIGINT NOT NULL DEFAULT 0,
  CONSTRAINT "delivery_counts_daily_pkey" PRIMARY KEY
    ("account_id", "channel", "mode", "day", "country", "network", "route", "carrier", "sender", "broadcast_id", "outcome", "reason", "bucket")
);

INSERT INTO delivery_counts_daily (account_id, channel, mode, day, country, network, route, carrier, sender,
  broadcast_id, outcome, reason, bucket, value)
SELECT account_id, channel, mode, (hour AT TIME ZONE 'UTC')::date, country, network, route, carrier, sender,
  broadcast_id, outcome, reason, bucket, sum(value)
FROM delivery_counts
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13;
