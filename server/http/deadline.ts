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
  /** Aborted when the deadline passes, the client leaves or the request is cut short (abort()). */
  signal: AbortSignal;
  /** Throws SERVICE_UNAVAILABLE when the deadline passed or the client left; nothing irreversible has happened. */
  checkpoint(): void;
  /** The point of no return, right before a hand-off: a checkpoint that then keeps the request to its end. */
  commit(): void;
  readonly committed: boolean;
  /** Ends the request's time now (the database is stalled): what still runs stops at its next checkpoint. */
  abort(): void;
  /** Time left until the deadline (a committed request answers by then, its last writes finishing behind it). */
  remainingMs(): number;
  /** The request is over: its timer and listeners go (nothing may hold a finished request). */
  dispose(): void;
};

export function startDeadline(ms: number, clientGone?: AbortSignal): Deadline {
  // One controller for every cause, so that nothing outlives the request once it is disposed.
  const controller = new AbortController();
  const endsAt = performance.now() + ms;
  const end = () => controller.abort();
  const timer = setTimeout(end, ms);
  timer.unref();
  clientGone?.addEventListener("abort", end, { once: true });
  let committed = false;
  const deadline: Deadline = {
    signal: controller.signal,
    checkpoint() {
      if (controller.signal.aborted) throw deadlineMissed(ms, clientGone?.aborted === true);
    },
    commit() {
      deadline.checkpoint();
      committed = true;
      clearTimeout(timer);
    },
    get committed() {
      return committed;
    },
    abort() {
      if (!committed) end();
    },
    remainingMs() {
      return Math.max(0, endsAt - performance.now());
    },
    dispose() {
      clearTimeout(timer);
      clientGone?.removeEventListener("abort", end);
    },
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
