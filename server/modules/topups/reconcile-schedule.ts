import { config } from "../../config/config";

/**
 * When to ask the provider again about a pending purchase: TOPUP_RECONCILE_AFTER_S
 * (30 s) first, doubling with each unanswered look, at most hourly.
 */
export function reconcileDelayS(attempts: number): number {
  const first = config().TOPUP_RECONCILE_AFTER_S;
  return Math.min(3_600, first * 2 ** attempts);
}
