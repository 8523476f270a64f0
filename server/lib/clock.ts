// Rate-limit windows are counted on the database's clock, one for every
// instance. A test that must not straddle a window (fifty sends in one minute)
// pins the time instead of waiting for a fresh minute: pinClock(at) makes every
// count in this isolate happen at `at` until pinClock(null).
type Holder = { kasaPinnedClock?: Date | null };
const holder = globalThis as unknown as Holder;

/** The pinned time, or null: the database's own clock. */
export function pinnedClock(): Date | null {
  return holder.kasaPinnedClock ?? null;
}

/** Tests only: counts happen at `at` from now on; null gives the database's clock back. */
export function pinClock(at: Date | null): void {
  holder.kasaPinnedClock = at;
}
