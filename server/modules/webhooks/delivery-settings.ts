// The knobs of webhook delivery. Production uses the defaults; tests and the
// benchmark shrink the schedule and the lease through the environment so a
// retry or a crash recovery takes seconds instead of hours.

/** Seconds to wait after attempt n (the first attempt is immediate): DESIGN.md's schedule. */
export const RETRY_SCHEDULE_S = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000];
/** An endpoint whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_S = 5 * 24 * 3_600;
/** How long a claimed delivery stays with its worker: past the 10 s timeout, so only a dead worker's claims expire. */
export const LEASE_S = 60;
/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_GRACE_S = 24 * 3_600;

export type DeliverySettings = { schedule: number[]; disableAfterS: number; leaseS: number; concurrency: number };

export function deliverySettings(env: NodeJS.ProcessEnv = process.env): DeliverySettings {
  const schedule = env.WEBHOOK_RETRY_SCHEDULE?.split(",")
    .map(Number)
    .filter((n) => Number.isFinite(n) && n >= 0);
  return {
    schedule: schedule?.length ? schedule : RETRY_SCHEDULE_S,
    disableAfterS: positive(env.WEBHOOK_DISABLE_AFTER_S) ?? DISABLE_AFTER_S,
    leaseS: positive(env.WEBHOOK_LEASE_S) ?? LEASE_S,
    concurrency: positive(env.WEBHOOK_CONCURRENCY) ?? 64,
  };
}

function positive(value: string | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : undefined;
}
