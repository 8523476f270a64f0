// The knobs of webhook delivery. Production uses the defaults; tests and the
// benchmark shrink the schedule and the lease through the configuration so a
// retry or a crash recovery takes seconds instead of hours.
import { config } from "../../config/config";

/**
 * Seconds to wait after attempt n (the first attempt is immediate): DESIGN.md's schedule, unless
 * WEBHOOK_RETRY_SCHEDULE says otherwise. The other defaults are the settings' own (server/config): a lease of six
 * times an attempt's whole deadline (10 s, post-webhook.ts), so only a dead worker's claims expire; an endpoint
 * disabled after 5 days of nothing but failures; a quarter of the slots for one endpoint.
 */
export const RETRY_SCHEDULE_S = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];
/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_GRACE_S = 24 * 3_600;

export type DeliverySettings = {
  schedule: number[];
  disableAfterS: number;
  leaseS: number;
  concurrency: number;
  /** The share of the slots one endpoint may hold. */
  endpointShare: number;
};

export function deliverySettings(): DeliverySettings {
  const settings = config();
  return {
    schedule: settings.WEBHOOK_RETRY_SCHEDULE.length ? settings.WEBHOOK_RETRY_SCHEDULE : RETRY_SCHEDULE_S,
    disableAfterS: settings.WEBHOOK_DISABLE_AFTER_S,
    leaseS: settings.WEBHOOK_LEASE_S,
    concurrency: settings.WEBHOOK_CONCURRENCY,
    endpointShare: settings.WEBHOOK_ENDPOINT_SHARE,
  };
}

/** Whole seconds an attempt may take (post-webhook.ts's deadline), plus time to record its outcome. */
const MIN_LEASE_S = 12;

/**
 * The environment's settings with a caller's overrides. The lease never drops
 * below an attempt's whole deadline: a lease that ran out mid-attempt would let
 * another worker send the same delivery in parallel.
 */
export function settingsWith(overrides: Partial<DeliverySettings>): DeliverySettings {
  const settings = { ...deliverySettings(), ...overrides };
  return { ...settings, leaseS: Math.max(MIN_LEASE_S, settings.leaseS) };
}

/** Attempts one endpoint may have in flight out of `slots`. */
export function slotsPerEndpoint(slots: number, share: number): number {
  return Math.max(1, Math.floor(slots * share));
}
