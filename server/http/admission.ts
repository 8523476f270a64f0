// Admission control for /api/v1 in this process: at most KASA_MAX_IN_FLIGHT
// requests at once (others are refused at once, before their body is read or
// the database is asked: 503 with Retry-After), and no key, and no account,
// may hold more than KASA_ACCOUNT_SHARE of those slots, so one account's flood
// cannot take them all. The key's share is checked at the door, from its
// headers alone (a flood never even takes a slot); the account's once the key
// is known. A refusal is cheap and honest: nothing was done, retry shortly.
import { counter, gauge } from "../lib/metrics";
import { databaseStalled } from "../db/stall-watch";
import { config } from "../config/config";

export type ShedReason = "saturated" | "account_share" | "deadline" | "database_busy";

const maxInFlight = () => config().KASA_MAX_IN_FLIGHT;
const accountShare = () => config().KASA_ACCOUNT_SHARE;
// Readiness reports "saturated" this long after the last refusal, so a load balancer steers away meanwhile.
const SATURATED_FOR_MS = 2_000;

// One state per isolate: the front and its readiness answer load this one module (under `next start`, the
// catch-all and the readiness route share Next's module cache).
type State = { inFlight: number; perAccount: Map<string, number>; lastShedAt: number };
const state: State = { inFlight: 0, perAccount: new Map(), lastShedAt: 0 };

const shed = () => counter("kasa_api_shed_total", "Requests refused at once because of load, by reason", ["reason"]);
gauge("kasa_api_in_flight", "/api/v1 requests being served by this process", [], function () {
  this.set(state.inFlight);
});

/**
 * A slot for one request, or why not: the process is full, or `caller` (the
 * request's key, known from its headers before any lookup) already holds its
 * share. Release a slot exactly once.
 */
export function admit(caller: string | null): { release(): void } | { refused: ShedReason } {
  if (state.inFlight >= maxInFlight()) {
    noteShed("saturated");
    return { refused: "saturated" };
  }
  if (databaseStalled()) {
    noteShed("database_busy");
    return { refused: "database_busy" };
  }
  const share = caller ? admitAccount(`key:${caller}`) : null;
  if (caller && !share) return { refused: "account_share" };
  state.inFlight++;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      state.inFlight--;
      share?.release();
    },
  };
}

/** The account's share of the slots, or null when it already holds its share. Release it exactly once. */
export function admitAccount(accountId: string): { release(): void } | null {
  const held = state.perAccount.get(accountId) ?? 0;
  if (held >= Math.max(1, Math.floor(maxInFlight() * accountShare()))) {
    noteShed("account_share");
    return null;
  }
  state.perAccount.set(accountId, held + 1);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const left = (state.perAccount.get(accountId) ?? 1) - 1;
      if (left > 0) state.perAccount.set(accountId, left);
      else state.perAccount.delete(accountId);
    },
  };
}

export function noteShed(reason: ShedReason): void {
  state.lastShedAt = Date.now();
  shed().inc({ reason });
}

/** Whether this process refused work for load just now (readiness says "saturated"). */
/** /api/v1 requests this process holds a slot for right now. */
export function inFlight(): number {
  return state.inFlight;
}

export function isSaturated(): boolean {
  return Date.now() - state.lastShedAt < SATURATED_FOR_MS;
}
