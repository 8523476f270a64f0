import { foldDeltas } from "../../db/fold-deltas";
import { DELIVERY_COUNT_KEYS } from "./delivery-dimensions";

const DAILY_KEYS = DELIVERY_COUNT_KEYS.map((k) => (k === "hour" ? "day" : k));

/**
 * Moves the delivery counters' appended deltas into delivery_counts and, summed by UTC day, delivery_counts_daily
 * (migrations 20261127100000, 20261127130000), in one statement: both always hold the same deltas.
 */
export function foldDeliveryCounts(): Promise<number> {
  return foldDeltas({
    deltas: "delivery_count_deltas",
    counters: "delivery_counts",
    keys: DELIVERY_COUNT_KEYS,
    rollup: {
      counters: "delivery_counts_daily",
      keys: DAILY_KEYS,
      from: DELIVERY_COUNT_KEYS.map((k) => (k === "hour" ? "(hour AT TIME ZONE 'UTC')::date" : k)),
    },
  });
}
