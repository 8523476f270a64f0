// The writes of a carrier alert's life (carrier_alerts), each in the evaluation's transaction with its audit row, so
// a demotion that happened is always in the audit log and one in the log always happened. Actor "system": no person
// decided it, the worker's evaluation did, by the rules in carrier-alert-rules.ts.
import type { Tx } from "../../db/client";
import type { CarrierAlert } from "../../db/generated/client";
import { recordAudit } from "../audit/record-audit";
import type { CarrierNetworkHealth } from "./carrier-health";
import type { AlertEnd, AlertRules } from "./carrier-alert-rules";

export type { CarrierAlert };

/** Why a demotion is lifted: the alert ended, or the setting that allows demotions was turned off. */
export type RestoreWhy = AlertEnd | "autodemote_off";

export async function openAlert(
  tx: Tx,
  a: { health: CarrierNetworkHealth; rules: AlertRules; now: Date },
): Promise<CarrierAlert> {
  const { carrier, network, lastHour, lastWeek } = a.health;
  const alert = await tx.carrierAlert.create({
    data: {
      carrier,
      network,
      startedAt: a.now,
      demoted: a.rules.autodemote,
      rate1h: lastHour.deliveredRate ?? 0,
      baseline: lastWeek.deliveredRate ?? 0,
      messages1h: lastHour.messages,
    },
  });
  if (alert.demoted) await auditDemoted(tx, a.health, a.rules);
  return alert;
}

export async function closeAlert(
  tx: Tx,
  a: { alert: CarrierAlert; health: CarrierNetworkHealth | undefined; why: AlertEnd; rules: AlertRules; now: Date },
): Promise<void> {
  // `demoted` is left as it was: the row's history says whether the alert moved traffic.
  await tx.carrierAlert.update({ where: { id: a.alert.id }, data: { endedAt: a.now } });
  if (a.alert.demoted) await auditRestored(tx, { ...a, why: a.why });
}

export async function setDemoted(
  tx: Tx,
  a: { alert: CarrierAlert; demoted: boolean; health: CarrierNetworkHealth | undefined; rules: AlertRules },
): Promise<void> {
  await tx.carrierAlert.update({ where: { id: a.alert.id }, data: { demoted: a.demoted } });
  if (a.demoted && a.health) await auditDemoted(tx, a.health, a.rules);
  else if (!a.demoted) await auditRestored(tx, { ...a, why: "autodemote_off" });
}

function auditDemoted(tx: Tx, health: CarrierNetworkHealth, rules: AlertRules): Promise<void> {
  const { carrier, network, lastHour, lastWeek } = health;
  return recordAudit(
    {
      actor: "system",
      action: "carrier.demoted",
      target: `${carrier}/${network}`,
      reason:
        `Delivered ${percent(lastHour.deliveredRate)} to ${networkName(network)} over the last hour ` +
        `(${lastHour.messages} messages) against ${percent(lastWeek.deliveredRate)} over the week before: ` +
        `the route's other carriers take that network's messages first`,
      data: figures(health, rules),
    },
    tx,
  );
}

function auditRestored(
  tx: Tx,
  a: { alert: CarrierAlert; health: CarrierNetworkHealth | undefined; why: RestoreWhy; rules: AlertRules },
): Promise<void> {
  const { carrier, network } = a.alert;
  const because = {
    recovered: `delivered ${percent(a.health?.lastHour.deliveredRate ?? null)} over the last hour, back within ${points(a.rules.margin / 2)} of the week's ${percent(a.health?.lastWeek.deliveredRate ?? null)}`,
    too_few_messages: `too few messages over the last hour to judge (under ${a.rules.minMessages}): back in its place on trial`,
    autodemote_off: "KASA_ROUTE_AUTODEMOTE is off: the alert stays open, traffic is no longer moved",
  }[a.why];
  return recordAudit(
    {
      actor: "system",
      action: "carrier.restored",
      target: `${carrier}/${network}`,
      reason: `Back in its route's order for ${networkName(network)}: ${because}`,
      data: { ...(a.health ? figures(a.health, a.rules) : { carrier, network }), why: a.why },
    },
    tx,
  );
}

function figures(health: CarrierNetworkHealth, rules: AlertRules): Record<string, unknown> {
  return {
    carrier: health.carrier,
    network: health.network,
    rate_1h: health.lastHour.deliveredRate,
    messages_1h: health.lastHour.messages,
    baseline: health.lastWeek.deliveredRate,
    margin: rules.margin,
  };
}

const networkName = (network: string) => network || "numbers of no known network";

function percent(rate: number | null): string {
  return rate === null ? "nothing" : `${Math.round(rate * 1000) / 10} %`;
}

const points = (margin: number) => `${Math.round(margin * 1000) / 10} points`;
