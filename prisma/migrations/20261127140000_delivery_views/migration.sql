-- Delivery views (issue #43; docs/decisions.md, "Insights: views"): a busy account's delivery counters summed per
-- dimension, so a reading costs the groups it shows, not the cross-product of every dimension. Each counter row adds
-- to:
--   * its slice's total (dimension '', the failure reason kept: the reasons view reads it), and one row per dimension
--     the slice keeps (the dimension's value as key, reason ''): the whole account keeps every dimension, a slice the
--     page's tables (BREAKDOWNS) but its own;
--   * for the slices '' (the whole account) and each dimension the Insights page filters by (the filter's value);
--   * for three spans: the hour, the UTC day and the ISO week (Monday, UTC) it belongs to.
-- A period is read as whole weeks, then whole days, then hours at its edges: 90 days read at most 13 weeks, 12 days
-- and 46 hours of rows, whatever the account's history. kasa_delivery_views() is the one place that says which
-- dimension a channel keeps in which column (CHANNEL_DIMENSIONS in delivery-dimensions.ts says the same; the property
-- test in delivery-counts.int.test.ts holds them to each other). Kept by the same fold as the counters.

CREATE FUNCTION kasa_delivery_views(p_channel TEXT, p_country TEXT, p_network TEXT, p_route TEXT, p_carrier TEXT,
  p_sender TEXT, p_broadcast_id TEXT, p_reason TEXT)
RETURNS TABLE (slice TEXT, slice_value TEXT, dimension TEXT, key TEXT, reason TEXT)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Each dimension of the channel, its value, whether the page filters by it (a slice) and whether it is one of the
  -- page's tables (what a slice keeps: the whole account keeps every dimension).
  WITH dims(name, value, filters, shown) AS (
    SELECT v.name, v.value, v.filters, v.shown FROM (VALUES
      ('sms', 'country', p_country, true, true), ('sms', 'network', p_network, true, true),
      ('sms', 'route', p_route, false, false), ('sms', 'carrier', p_carrier, false, false),
      ('sms', 'sender', p_sender, true, true), ('sms', 'broadcast', p_broadcast_id, false, false),
      ('email', 'domain', p_network, true, true), ('email', 'sender', p_sender, false, true),
      ('email', 'broadcast', p_broadcast_id, false, false),
      ('verify', 'country', p_country, true, true), ('verify', 'route', p_route, false, true),
      ('webhook', 'endpoint', p_carrier, true, true), ('webhook', 'event', p_sender, false, true)
    ) v(channel, name, value, filters, shown) WHERE v.channel = p_channel
  ), slices(slice, slice_value) AS (
    SELECT '', '' UNION ALL SELECT name, value FROM dims WHERE filters
  )
  SELECT s.slice, s.slice_value, '', '', p_reason FROM slices s
  UNION ALL
  SELECT s.slice, s.slice_value, d.name, d.value, '' FROM slices s JOIN dims d
    ON d.name <> s.slice AND (s.slice = '' OR d.shown)
$$;

-- Keyed dimension before start: a reading asks for a few dimensions over a run of spans, each one range of the key,
-- read from the index alone (it includes the value; 24 h at 10 M messages: 4 ms, not 8, of heap visits).
CREATE TABLE "delivery_views" (
  "account_id" TEXT NOT NULL,
  "channel" TEXT NOT NULL,
  "mode" "key_mode" NOT NULL,
  "slice" TEXT NOT NULL,
  "slice_value" TEXT NOT NULL,
  "span" TEXT NOT NULL,
  "start" TIMESTAMPTZ(0) NOT NULL,
  "dimension" TEXT NOT NULL,
  "key" TEXT NOT NULL,
  "outcome" TEXT NOT NULL,
  "reason" TEXT NOT NULL,
  "bucket" SMALLINT NOT NULL,
  "value" BIGINT NOT NULL DEFAULT 0,
  CONSTRAINT "delivery_views_pkey" PRIMARY KEY
    ("account_id", "channel", "mode", "slice", "slice_value", "span", "dimension", "start", "key", "outcome", "reason", "bucket")
    INCLUDE ("value"),
  CONSTRAINT "delivery_views_span" CHECK ("span" IN ('hour', 'day', 'week'))
);

-- The worker's hourly search for busy accounts reads the last week of daily counters, not every account's history.
CREATE INDEX "delivery_counts_daily_day_account_id_idx" ON "delivery_counts_daily" ("day", "account_id");

-- The accounts whose views are kept: an account's counters are unpivoted once it is busy enough for them to pay
-- (enable-delivery-views.ts; a quiet account's counters are already small, and its views would not be). Its days and
-- weeks are backfilled from the daily counters, its hours from hours_from on.
CREATE TABLE "delivery_view_accounts" (
  "account_id" TEXT NOT NULL PRIMARY KEY,
  "hours_from" TIMESTAMPTZ(0) NOT NULL,
  "enabled_at" TIMESTAMPTZ(3) NOT NULL DEFAULT now()
);
