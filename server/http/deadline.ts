// Every /api/v1 request has a deadline (KASA_REQUEST_DEADLINE_MS, 10 s, the
// carrier's own wait included). Until the request hands its message to a
// carrier, relay or provider, missing the deadline (or the client going away)
// means it is answered 503 with Retry-After and does nothing more: the steps
// still running see the signal at their next checkpoint, refund what they
// reserved and release the idempotency key. Once handed over (`commit`), the
// request is finished whatever the time, never abandoned (docs/decisions.md).
import { AppError } from "../errors/app-error";

export const requestDeadlineMs = () => Number(process.env.KASA_REQUEST_DEADLINE_MS ?? 10_000);

export type Deadline = {
  signal: AbortSignal;
  /** Throws SERVICE_UNAVAILABLE when the deadline passed or the client left; nothing irreversible has happened. */
  checkpoint(): void;
  /** The point of no return, right before a hand-off: a checkpoint that then keeps the request to its end. */
  commit(): void;
  readonly committed: boolean;
  /** Resolves when the deadline passes or the client leaves. */
  passed: Promise<void>;
  /** Ends the request's time now (the database is stalled): what still runs stops at its next checkpoint. */
  abort(): void;
  /** Time left until the deadline (a committed request answers by then, its last writes finishing behind it). */
  remainingMs(): number;
};

export function startDeadline(ms: number, clientGone?: AbortSignal): Deadline {
  const timer = new AbortController();
  const endsAt = performance.now() + ms;
  const handle = setTimeout(() => timer.abort(), ms);
  handle.unref();
  const signal = clientGone ? AbortSignal.any([timer.signal, clientGone]) : timer.signal;
  let committed = false;
  const deadline: Deadline = {
    signal,
    checkpoint() {
      if (signal.aborted) throw deadlineMissed(ms, clientGone?.aborted === true);
    },
    commit() {
      deadline.checkpoint();
      committed = true;
      clearTimeout(handle);
    },
    get committed() {
      return committed;
    },
    abort() {
      if (!committed) timer.abort();
    },
    remainingMs() {
      return Math.max(0, endsAt - performance.now());
    },
    passed: new Promise((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve()))),
  };
  return deadline;
}

export function deadlineMissed(ms: number, clientLeft = false): AppError {
  return new AppError("SERVICE_UNAVAILABLE", {
    message: clientLeft
      ? "The client closed the connection before the request was served; nothing was sent or charged"
      : `The request could not be served within ${ms / 1000} s; nothing was sent or charged, retry shortly`,
    context: { reason: clientLeft ? "client_closed" : "deadline" },
  });
}
