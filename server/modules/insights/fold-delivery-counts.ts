import { foldDeltas } from "../../db/fold-deltas";
import { DELIVERY_COUNT_KEYS } from "./delivery-dimensions";

/** Moves the delivery counters' appended deltas into delivery_counts (migration 20261127100000). */
export function foldDeliveryCounts(): Promise<number> {
  return foldDeltas({ deltas: "delivery_count_deltas", counters: "delivery_counts", keys: DELIVERY_COUNT_KEYS });
}
