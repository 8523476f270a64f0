// The worker's job, every minute (server/workers/loops.ts): carriers as a whole (issue #43, point 6). It reads every
// carrier's figures to every network (carrier-health.ts), publishes them as metrics, and moves alerts by the rules
// (carrier-alert-rules.ts): a pair falling under its week opens one (a warning in the log, the console's banner,
// kasa_carrier_alert, and with KASA_ROUTE_AUTODEMOTE=on a demotion with its audit row); a pair back near its week,
// or with too few messages left to judge, closes it (restored, audited, when it was demoted).
import { db } from "../../db/client";
import { pinnedClock } from "../../lib/clock";
import { logger } from "../../lib/logger";
import { forgetRouteDemotions } from "../sms/route-demotions";
import { carrierNetworkHealth, pairKey, type CarrierNetworkHealth } from "./carrier-health";
import { alertEnd, alertRules, isFailing, type AlertRules } from "./carrier-alert-rules";
import { closeAlert, openAlert, setDemoted, type CarrierAlert } from "./carrier-alert-store";
import { showCarrierHealth } from "./carrier-metrics";

type Note = { level: "warn" | "info"; message: string; fields: Record<string, unknown> };

/** Returns how many alerts it opened, closed, demoted or restored (the loop logs a run that changed something). */
export async function evaluateCarrierAlerts(now: Date = pinnedClock() ?? new Date()): Promise<number> {
  const rules = alertRules();
  const health = await carrierNetworkHealth(now);
  const byPair = new Map(health.map((h) => [pairKey(h), h]));
  const notes: Note[] = [];
  const open = await db().$transaction(async (tx) => {
    // One evaluation at a time across workers: the next one waits, then finds what this one opened already open.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('carrier-alerts'))`;
    const alerts = await tx.carrierAlert.findMany({ where: { endedAt: null } });
    const stillOpen = new Set<string>();
    for (const alert of alerts) {
      const h = byPair.get(pairKey(alert));
      const why = alertEnd(h, rules);
      if (why) {
        await closeAlert(tx, { alert, health: h, why, rules, now });
        notes.push(note("info", "carrier alert ended", alert, h, { why, restored: alert.demoted }));
        continue;
      }
      stillOpen.add(pairKey(alert));
      // The setting changed while the alert was open: demotions follow it, each way audited.
      if (alert.demoted !== rules.autodemote) {
        await setDemoted(tx, { alert, demoted: rules.autodemote, health: h, rules });
        notes.push(note("warn", rules.autodemote ? "carrier demoted" : "carrier restored", alert, h, {}));
      }
    }
    for (const h of health) {
      if (stillOpen.has(pairKey(h)) || !isFailing(h, rules)) continue;
      const alert = await openAlert(tx, { health: h, rules, now });
      stillOpen.add(pairKey(h));
      notes.push(note("warn", "carrier alert: delivered rate under its week's", alert, h, opened(alert, rules)));
    }
    return stillOpen;
  });
  // Logged once committed: a rolled-back evaluation said nothing that did not happen.
  for (const n of notes) logger()[n.level](n.fields, n.message);
  if (notes.length) forgetRouteDemotions();
  showCarrierHealth(health, open);
  return notes.length;
}

function opened(alert: CarrierAlert, rules: AlertRules): Record<string, unknown> {
  return { demoted: alert.demoted, margin: rules.margin, min_messages: rules.minMessages };
}

function note(
  level: Note["level"],
  message: string,
  alert: { carrier: string; network: string },
  h: CarrierNetworkHealth | undefined,
  extra: Record<string, unknown>,
): Note {
  return {
    level,
    message,
    fields: {
      carrier: alert.carrier,
      network: alert.network,
      rate_1h: h?.lastHour.deliveredRate ?? null,
      messages_1h: h?.lastHour.messages ?? 0,
      baseline: h?.lastWeek.deliveredRate ?? null,
      ...extra,
    },
  };
}
