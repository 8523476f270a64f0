// Failed AUTH attempts per client address (docs/decisions.md, "SMTP relay"): past 10 in 10 minutes, AUTH from that address is refused with
// 454 4.7.0 until the window ends, without looking the password up: guessing API keys over SMTP gets nowhere fast,
// and a misconfigured client stops hammering. Kept per process, bounded in size.
const WINDOW_MS = 10 * 60_000;
const MAX_FAILURES = 10;
const MAX_ADDRESSES = 10_000;

const failures = new Map<string, { count: number; since: number }>();

export function authThrottled(address: string, now = Date.now()): boolean {
  const entry = failures.get(address);
  if (!entry || now - entry.since > WINDOW_MS) return false;
  return entry.count >= MAX_FAILURES;
}

export function noteAuthFailure(address: string, now = Date.now()): void {
  const entry = failures.get(address);
  if (!entry || now - entry.since > WINDOW_MS) {
    if (failures.size >= MAX_ADDRESSES) failures.delete(failures.keys().next().value!);
    failures.set(address, { count: 1, since: now });
  } else entry.count += 1;
}

/** Tests start each case with no failures on record. */
export function forgetAuthFailures(): void {
  failures.clear();
}
