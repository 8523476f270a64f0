// The knobs of webhook delivery. Production uses the defaults; tests and the
// benchmark shrink the schedule and the lease through the environment so a
// retry or a crash recovery takes seconds instead of hours.

/** Seconds to wait after attempt n (the first attempt is immediate): DESIGN.md's schedule. */
export const RETRY_SCHEDULE_S = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];
/** An endpoint whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_S = 5 * 24 * 3_600;
/** How long a claimed delivery stays with its worker: six times an attempt's whole deadline (10 s, post-webhook.ts), so only a dead worker's claims expire. */
export const LEASE_S = 60;
/** The share of a worker's slots one endpoint may hold: a slow receiver slows only its own deliveries. */
export const ENDPOINT_SHARE = 0.25;
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

export function deliverySettings(env: NodeJS.ProcessEnv = process.env): DeliverySettings {
  const schedule = env.WEBHOOK_RETRY_SCHEDULE?.split(",")
    .map(Number)
    .filter((n) => Number.isFinite(n) && n >= 0);
  return {
    schedule: schedule?.length ? schedule : RETRY_SCHEDULE_S,
    disableAfterS: positive(env.WEBHOOK_DISABLE_AFTER_S) ?? DISABLE_AFTER_S,
    leaseS: positive(env.WEBHOOK_LEASE_S) ?? LEASE_S,
    concurrency: positive(env.WEBHOOK_CONCURRENCY) ?? 64,
    endpointShare: positive(env.WEBHOOK_ENDPOINT_SHARE) ?? ENDPOINT_SHARE,
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

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}
