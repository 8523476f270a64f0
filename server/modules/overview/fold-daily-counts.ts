import { foldDeltas } from "../../db/fold-deltas";

/** Moves the day counters' appended deltas into daily_counts (migration 20261124050000). */
export function foldDailyCounts(): Promise<number> {
  return foldDeltas({
    deltas: "daily_count_deltas",
    counters: "daily_counts",
    keys: ["account_id", "day", "metric", "mode"],
  });
}
