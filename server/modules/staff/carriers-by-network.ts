import { carrierNetworkHealth, pairKey } from "../operations/carrier-health";
import { alertRules } from "../operations/carrier-alert-rules";
import { openCarrierAlerts } from "../operations/open-carrier-alerts";

export type CarrierState = "ok" | "alert" | "demoted";
const ORDER: Record<CarrierState, number> = { demoted: 0, alert: 1, ok: 2 };

/**
 * The Operations page's carriers by network (issue #43, point 6): every carrier's live SMS to every network across
 * accounts, the last hour against the week before, with the state the worker's evaluation left (an open alert,
 * demoted or not). Figures are read now; states are as of the worker's last minute. Alerting pairs first.
 */
export async function carriersByNetwork(now = new Date()) {
  const rules = alertRules();
  const [health, open] = await Promise.all([carrierNetworkHealth(now), openCarrierAlerts()]);
  const alerts = new Map(open.map((a) => [pairKey(a), a]));
  const rows = health.map((h) => {
    const alert = alerts.get(pairKey(h));
    const state: CarrierState = alert ? (alert.demoted ? "demoted" : "alert") : "ok";
    return { ...h, state, since: alert?.startedAt ?? null };
  });
  rows.sort((a, b) => ORDER[a.state] - ORDER[b.state]);
  return { rules, rows };
}
