// Carriers as a whole, as Prometheus gauges: set by the worker's evaluation every minute (evaluate-carrier-alerts.ts),
// never read on a scrape, so a scrape costs no query and every worker answers what it last judged. Labels are the
// carrier's configured name and the network's slug ("unknown" for numbers of no known range: an empty label value
// is the same as no label to Prometheus).
import { gauge } from "../../lib/metrics";
import { pairKey, type CarrierNetworkHealth } from "./carrier-health";

const ratio = () =>
  gauge(
    "kasa_carrier_delivered_ratio",
    "Live SMS delivered over those that left, across accounts, by carrier and network: the last hour (window=1h) and the week before it (window=7d)",
    ["carrier", "network", "window"],
  );
const seconds = () =>
  gauge(
    "kasa_carrier_delivery_seconds",
    "Time to delivered of the last hour's live SMS, by carrier and network (from the delivery counters' histogram)",
    ["carrier", "network", "quantile"],
  );
const alerting = () =>
  gauge(
    "kasa_carrier_alert",
    "1 while a carrier's alert for a network is open (its delivered rate fell under the week's by KASA_CARRIER_ALERT_MARGIN)",
    ["carrier", "network"],
  );

/** Replaces every series: a pair that no longer has traffic, or a carrier no longer configured, leaves no stale value. */
export function showCarrierHealth(health: CarrierNetworkHealth[], openAlerts: Set<string>): void {
  for (const metric of [ratio(), seconds(), alerting()]) metric.reset();
  for (const h of health) {
    const labels = { carrier: h.carrier, network: h.network || "unknown" };
    if (h.lastHour.deliveredRate !== null) ratio().set({ ...labels, window: "1h" }, h.lastHour.deliveredRate);
    if (h.lastWeek.deliveredRate !== null) ratio().set({ ...labels, window: "7d" }, h.lastWeek.deliveredRate);
    if (h.lastHour.p50S !== null) seconds().set({ ...labels, quantile: "0.5" }, h.lastHour.p50S);
    if (h.lastHour.p90S !== null) seconds().set({ ...labels, quantile: "0.9" }, h.lastHour.p90S);
    alerting().set(labels, openAlerts.has(pairKey(h)) ? 1 : 0);
  }
}
