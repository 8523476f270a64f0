// Every /api/v1 request has a deadline (KASA_REQUEST_DEADLINE_MS, 10 s, the
// carrier's own wait included). Until the request hands its message to a
// carrier, relay or provider, missing the deadline (or the client going away)
// means it is answered 503 with Retry-After and does nothing more: the steps
// still running see the signal at their next checkpoint, refund what they
// reserved and release the idempotency key. Once handed over (`commit`), the
// request is finished whatever the time, never abandoned (docs/decisions.md).
import type { Socket } from "node:net";
import { AppError } from "../errors/app-error";
import { config } from "../config/config";

export const requestDeadlineMs = () => config().KASA_REQUEST_DEADLINE_MS;

/**
 * The client going away, as a front sees it (the socket closing, a Web Request's signal). Not an AbortSignal:
 * making two of those for every request cost the lean front about 1.5 % of a live send's CPU on Node 20.
 */
export type ClientGone = {
  readonly gone: boolean;
  /** Calls `then` once, when the client goes; the returned function stops listening. */
  listen(then: () => void): () => void;
};

export function clientGoneWithSignal(signal: AbortSignal): ClientGone {
  return {
    get gone() {
      return signal.aborted;
    },
    listen(then) {
      signal.addEventListener("abort", then, { once: true });
      return () => signal.removeEventListener("abort", then);
    },
  };
}

/** The socket closing is the client gone (on a keep-alive socket, the listener goes with its request's deadline). */
export function clientGoneWithSocket(socket: Socket): ClientGone {
  return {
    get gone() {
      return socket.destroyed;
    },
    listen(then) {
      socket.once("close", then);
      return () => socket.off("close", then);
    },
  };
}

export type Deadline = {
  /**
   * Aborted when the request's time ends, for a hand-off that may wait its turn (a carrier's window): made on first
   * read, since most requests never wait.
   */
  readonly signal: AbortSignal;
  /** Calls `then` once, when the deadline passes, the client leaves or the request is cut short (abort()). */
  onEnd(then: () => void): () => void;
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

export function startDeadline(ms: number, clientGone?: ClientGone): Deadline {
  // One ending for every cause, so that nothing outlives the request once it is disposed.
  let ended = false;
  let listeners: (() => void)[] = [];
  const end = () => {
    if (ended) return;
    ended = true;
    const waiting = listeners;
    listeners = [];
    for (const then of waiting) then();
  };
  const endsAt = performance.now() + ms;
  const timer = setTimeout(end, ms);
  timer.unref();
  const stopWatchingClient = clientGone?.listen(end);
  if (clientGone?.gone) end();
  let committed = false;
  let controller: AbortController | undefined;
  const deadline: Deadline = {
    get signal() {
      if (!controller) {
        controller = new AbortController();
        if (ended) controller.abort();
        else listeners.push(() => controller!.abort());
      }
      return controller.signal;
    },
    onEnd(then) {
      if (ended) {
        queueMicrotask(then);
        return () => undefined;
      }
      listeners.push(then);
      return () => (listeners = listeners.filter((l) => l !== then));
    },
    checkpoint() {
      // The clock as well as the timer: on a starved event loop the timer fires late, and a request past its
      // deadline must not go on to a hand-off on the strength of a timer that has not run yet.
      if (!ended && !committed && performance.now() >= endsAt) end();
      if (ended) throw deadlineMissed(ms, clientGone?.gone === true);
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
      stopWatchingClient?.();
      listeners = [];
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
