import { foldDeltas } from "../../db/fold-deltas";
import { DELIVERY_COUNT_KEYS } from "./delivery-dimensions";
import { DELIVERY_VIEW_KEYS, spanStart, viewRowColumns, viewsOfCounters } from "./delivery-views";
import { DELIVERY_VIEWS_LOCK } from "./enable-delivery-views";

const DAILY_KEYS = DELIVERY_COUNT_KEYS.map((k) => (k === "hour" ? "day" : k));

/**
 * Moves the delivery counters' appended deltas into delivery_counts and, in the same statement (both always hold
 * the same deltas), into delivery_counts_daily (summed by UTC day) and, for the accounts that keep them, into
 * delivery_views (summed per dimension, slice and span): migrations 20261127100000, 20261127130000 and 20261127140000.
 */
export function foldDeliveryCounts(): Promise<number> {
  return foldDeltas({
    deltas: "delivery_count_deltas",
    counters: "delivery_counts",
    keys: DELIVERY_COUNT_KEYS,
    rollups: [
      {
        counters: "delivery_counts_daily",
        keys: DAILY_KEYS,
        select: `SELECT ${DELIVERY_COUNT_KEYS.map((k) => (k === "hour" ? "(hour AT TIME ZONE 'UTC')::date" : k)).join(", ")}, delta FROM summed`,
      },
      {
        counters: "delivery_views",
        keys: DELIVERY_VIEW_KEYS,
        select: `SELECT ${viewRowColumns("summed", "s.span", spanStart("s.span", "summed.hour"), "summed.delta")}
                 FROM summed JOIN delivery_view_accounts a USING (account_id) ${viewsOfCounters("summed")}
                   CROSS JOIN unnest(ARRAY['hour', 'day', 'week']) s(span)
                 WHERE s.span <> 'hour' OR summed.hour >= a.hours_from`,
      },
    ],
    sharedLock: DELIVERY_VIEWS_LOCK,
  });
}
