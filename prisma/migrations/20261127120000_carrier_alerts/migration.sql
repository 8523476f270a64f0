-- Carriers as a whole (issue #43, point 6; docs/decisions.md, "Insights"): the worker compares each carrier's
-- delivered rate to each network over the last hour with its rate over the week before, across accounts, from the
-- delivery counters (migration 20261127100000). A pair that falls under its baseline by KASA_CARRIER_ALERT_MARGIN over
-- at least KASA_CARRIER_ALERT_MIN_MESSAGES messages opens an alert here: the staff console's banner, the metric
-- kasa_carrier_alert and, with KASA_ROUTE_AUTODEMOTE=on, the demotion that sends that network's messages to the
-- route's other carriers first. A row is kept when it ends: the history of a carrier's bad hours.

CREATE TABLE "carrier_alerts" (
  "id" BIGSERIAL NOT NULL,
  -- The configured carrier's name (sms_messages.provider) and the network's slug ('' for numbers of no known range).
  "carrier" TEXT NOT NULL,
  "network" TEXT NOT NULL,
  "started_at" TIMESTAMPTZ(3) NOT NULL,
  -- Set when the rate recovered (or too few messages were left to judge it): the alert is over.
  "ended_at" TIMESTAMPTZ(3),
  -- Whether pickCarriers puts this carrier last for this network now (only ever true with KASA_ROUTE_AUTODEMOTE=on).
  "demoted" BOOLEAN NOT NULL DEFAULT false,
  -- What opened it: the last hour's delivered rate, the week's, and the messages the last hour's rate is over.
  "rate_1h" DOUBLE PRECISION NOT NULL,
  "baseline" DOUBLE PRECISION NOT NULL,
  "messages_1h" INTEGER NOT NULL,
  CONSTRAINT "carrier_alerts_pkey" PRIMARY KEY ("id")
);
-- At most one open alert per carrier and network, whatever several workers evaluating at once do. The open ones are
-- what the senders' cache and the console's banner read.
CREATE UNIQUE INDEX "carrier_alerts_one_open" ON "carrier_alerts"("carrier", "network") WHERE "ended_at" IS NULL;
