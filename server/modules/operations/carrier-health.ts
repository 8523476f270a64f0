// Carriers as a whole (issue #43, point 6; docs/decisions.md, "Insights"): every carrier's live SMS to every network,
// across accounts, over the last hour against the week before it. Read from the delivery counters, never from
// sms_messages, so a read costs the hours it covers and not the traffic they held. The staff console shows it; the
// worker judges alerts on it and publishes it as metrics (evaluate-carrier-alerts.ts).
import { deliveryFigures, KEY_SEPARATOR } from "../insights/delivery-figures";
import { summarizeFigures, type FigureGroup } from "../insights/summarize-figures";
import { perConfiguration } from "../../config/per-configuration";

const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * 24 * HOUR_MS;
/**
 * The week's figures move by the hour, and a little with late receipts: read again when the hour turns, or after
 * this long. Read every minute instead, they would be a GROUP BY over a week of every account's counters each time.
 */
const WEEK_KEPT_MS = 10 * 60_000;

export type WindowFigures = {
  /** Live messages that left Kasa (all but pending, scheduled, cancelled): the rate's denominator. */
  messages: number;
  delivered: number;
  /** delivered / messages, 0-1 with 4 decimals; null when none left. */
  deliveredRate: number | null;
  /** Time to delivered, seconds, from the counters' histogram; null without a delivered message. */
  p50S: number | null;
  p90S: number | null;
};

export type CarrierPair = { carrier: string; network: string };
/** One carrier to one network ('' for numbers of no known range). */
export type CarrierNetworkHealth = CarrierPair & { lastHour: WindowFigures; lastWeek: WindowFigures };

/** One key per carrier and network, for maps. */
export const pairKey = (p: CarrierPair): string => `${p.carrier}${KEY_SEPARATOR}${p.network}`;

/**
 * The periods, in whole hours: the counters keep messages by the hour they were accepted in. "The last hour" is the
 * hour under way and the one before it, so it always holds the last 60 minutes' messages (and at most 120); the
 * baseline is the 7 days before that, so a bad hour never pulls its own baseline down.
 */
export function healthPeriods(now: Date) {
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const recentFrom = hour - HOUR_MS;
  return {
    lastHour: { from: new Date(recentFrom), to: new Date(hour + HOUR_MS) },
    lastWeek: { from: new Date(recentFrom - WEEK_MS), to: new Date(recentFrom) },
  };
}

/** Every carrier and network with live traffic in either period, by carrier then network. */
export async function carrierNetworkHealth(now: Date): Promise<CarrierNetworkHealth[]> {
  const periods = healthPeriods(now);
  const [recent, week] = await Promise.all([byCarrierAndNetwork(periods.lastHour), weekFigures(periods.lastWeek)]);
  return [...new Set([...recent.keys(), ...week.keys()])]
    .sort()
    .map((key) => {
      const [carrier = "", network = ""] = key.split(KEY_SEPARATOR);
      return { carrier, network, lastHour: windowFigures(recent.get(key)), lastWeek: windowFigures(week.get(key)) };
    })
    .filter((h) => h.carrier !== ""); // Messages no carrier took (every one unavailable): not a carrier's figures.
}

async function byCarrierAndNetwork(period: { from: Date; to: Date }): Promise<Map<string, FigureGroup>> {
  const rows = await deliveryFigures({
    accountId: null,
    mode: "live",
    channel: "sms",
    ...period,
    groupBy: ["carrier", "network"],
  });
  return new Map(summarizeFigures("sms", rows).map((group) => [group.key, group]));
}

const keptWeek = perConfiguration(() => ({
  from: 0,
  expires: 0,
  value: undefined as Promise<Map<string, FigureGroup>> | undefined,
}));

function weekFigures(period: { from: Date; to: Date }): Promise<Map<string, FigureGroup>> {
  const kept = keptWeek.get();
  if (kept.value && kept.from === period.from.getTime() && kept.expires > Date.now()) return kept.value;
  const value = byCarrierAndNetwork(period);
  Object.assign(kept, { from: period.from.getTime(), expires: Date.now() + WEEK_KEPT_MS, value });
  // A read that failed is not kept: the next evaluation tries again.
  value.catch(() => {
    if (kept.value === value) kept.value = undefined;
  });
  return value;
}

function windowFigures(group: FigureGroup | undefined): WindowFigures {
  if (!group?.left) return { messages: 0, delivered: 0, deliveredRate: null, p50S: null, p90S: null };
  const delivered = group.outcomes.delivered ?? 0;
  return {
    messages: group.left,
    delivered,
    // summarizeFigures rates only the outcomes present: none delivered is a rate of 0, not a missing one.
    deliveredRate: group.rates.delivered ?? 0,
    p50S: group.delivery_time?.p50_s ?? null,
    p90S: group.delivery_time?.p90_s ?? null,
  };
}
