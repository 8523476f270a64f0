import { DELIVERED_OUTCOME, LATENCY_BOUNDS_S, NOT_LEFT, type AnalyticsChannel } from "./delivery-dimensions";
import type { FigureRow } from "./delivery-figures";

/** Facts counted beside a message's outcome (a delivered email can also be opened): not messages of their own. */
const ENGAGEMENTS = new Set(["opened", "clicked", "complained"]);
const NOT_LEFT_SET = new Set<string>(NOT_LEFT);

export type FigureGroup = {
  key: string;
  /** Messages (deliveries, verifications) in the group, whatever became of them. */
  total: number;
  /** Those that left Kasa: all but the ones still pending, scheduled or cancelled. The rates' denominator. */
  left: number;
  /** Each outcome's count: statuses, and opened, clicked, complained beside them. */
  outcomes: Record<string, number>;
  /** Each outcome's share of `left`, 0-1 with 4 decimals; null when nothing left. */
  rates: Record<string, number | null>;
  /** Time to delivered in seconds, read from the histogram; null without a delivered one. */
  delivery_time: { p50_s: number; p90_s: number; buckets: { up_to_s: number | null; count: number }[] } | null;
};

/** The API's and the page's figures from the counter rows: one group per key, in the order keys first appear. */
export function summarizeFigures(channel: AnalyticsChannel, rows: FigureRow[]): FigureGroup[] {
  const byKey = new Map<string, FigureRow[]>();
  for (const row of rows) {
    const group = byKey.get(row.key);
    if (group) group.push(row);
    else byKey.set(row.key, [row]);
  }
  return [...byKey.entries()].map(([key, group]) => summarizeGroup(channel, key, group));
}

function summarizeGroup(channel: AnalyticsChannel, key: string, rows: FigureRow[]): FigureGroup {
  const outcomes: Record<string, number> = {};
  const histogram = new Array<number>(LATENCY_BOUNDS_S.length + 1).fill(0);
  for (const row of rows) {
    outcomes[row.outcome] = (outcomes[row.outcome] ?? 0) + row.n;
    if (row.outcome === DELIVERED_OUTCOME[channel] && row.bucket >= 0) histogram[row.bucket]! += row.n;
  }
  // Rows may come unsummed (a series read from the delivery views), a delta taking back what another added: an
  // outcome that sums to nothing is not one.
  for (const [outcome, n] of Object.entries(outcomes)) if (n === 0) delete outcomes[outcome];
  const total = sumWhere(outcomes, (o) => !ENGAGEMENTS.has(o));
  const left = sumWhere(outcomes, (o) => !ENGAGEMENTS.has(o) && !NOT_LEFT_SET.has(o));
  const rates = Object.fromEntries(
    Object.entries(outcomes)
      .filter(([outcome]) => !NOT_LEFT_SET.has(outcome))
      .map(([outcome, n]) => [outcome, left ? Math.round((n / left) * 10_000) / 10_000 : null]),
  );
  const timed = histogram.reduce((a, b) => a + b, 0);
  return {
    key,
    total,
    left,
    outcomes,
    rates,
    delivery_time: timed
      ? {
          p50_s: percentile(histogram, 0.5),
          p90_s: percentile(histogram, 0.9),
          buckets: histogram.map((count, i) => ({ up_to_s: LATENCY_BOUNDS_S[i] ?? null, count })),
        }
      : null,
  };
}

function sumWhere(outcomes: Record<string, number>, keep: (outcome: string) => boolean): number {
  return Object.entries(outcomes).reduce((sum, [outcome, n]) => (keep(outcome) ? sum + n : sum), 0);
}

/**
 * The p-th percentile of a histogram of fixed buckets, assuming its values spread evenly inside their bucket (the
 * usual estimate, Prometheus's histogram_quantile): exact to within the bucket's width. The last, open bucket answers
 * its lower bound. Seconds, one decimal.
 */
export function percentile(histogram: number[], p: number): number {
  const total = histogram.reduce((a, b) => a + b, 0);
  const rank = p * total;
  let below = 0;
  for (let i = 0; i < histogram.length; i++) {
    const count = histogram[i]!;
    if (count > 0 && below + count >= rank) {
      const low = i === 0 ? 0 : LATENCY_BOUNDS_S[i - 1]!;
      const high = LATENCY_BOUNDS_S[i];
      if (high === undefined) return low;
      return Math.round((low + ((rank - below) / count) * (high - low)) * 10) / 10;
    }
    below += count;
  }
  return 0;
}
