// When a carrier's figures to a network open an alert, and when they end it (docs/decisions.md, "Insights"). Rates
// are shares (0-1) and the margin is in the same unit: 0.15 is 15 points under the week's rate, not 15 % of it, so
// a carrier that usually delivers 60 % is held to the same distance as one that delivers 98 %.
import { config } from "../../config/config";
import type { CarrierNetworkHealth } from "./carrier-health";

export type AlertRules = { margin: number; minMessages: number; autodemote: boolean };

export function alertRules(): AlertRules {
  const settings = config();
  return {
    margin: settings.KASA_CARRIER_ALERT_MARGIN,
    minMessages: settings.KASA_CARRIER_ALERT_MIN_MESSAGES,
    autodemote: settings.KASA_ROUTE_AUTODEMOTE,
  };
}

/** Falling: enough messages in the last hour to say, a week to compare with, and a rate under it by the margin. */
export function isFailing(health: CarrierNetworkHealth, rules: AlertRules): boolean {
  const { lastHour, lastWeek } = health;
  return (
    lastHour.messages >= rules.minMessages &&
    lastHour.deliveredRate !== null &&
    lastWeek.deliveredRate !== null &&
    lastHour.deliveredRate < under(lastWeek.deliveredRate, rules.margin)
  );
}

export type AlertEnd = "recovered" | "too_few_messages";

/**
 * Why an open alert ends now, or null while it holds. It ends once the rate is back within half the margin, not the
 * margin itself, so a rate hovering at the line does not open and close an alert (and move traffic) every minute.
 * It also ends when the last hour has too few messages to judge: a demoted carrier gets little traffic, and after its
 * bad hours leave the window this puts it back in its place on trial; still failing, it is demoted again within the
 * minimum number of messages.
 */
export function alertEnd(health: CarrierNetworkHealth | undefined, rules: AlertRules): AlertEnd | null {
  const recent = health?.lastHour;
  const baseline = health?.lastWeek.deliveredRate ?? null;
  if (!recent || recent.messages < rules.minMessages || recent.deliveredRate === null || baseline === null)
    return "too_few_messages";
  return recent.deliveredRate >= under(baseline, rules.margin / 2) ? "recovered" : null;
}

/** A rate less a margin, to the 4 decimals rates have (0.95 - 0.15 is 0.7999999999999999 in floating point). */
function under(rate: number, margin: number): number {
  return Math.round((rate - margin) * 10_000) / 10_000;
}
