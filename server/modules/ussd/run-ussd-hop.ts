// One hop of a USSD session, whichever side it came from (the simulator now, a carrier's bind next): a page of the
// screen being read, served by Kasa, or the app asked with every input so far and its answer shown, cut into pages
// when it is longer than a screen. The input is written before the app is asked and the outcome before the screen
// goes out (ussd-session-store.ts), so no hop is asked of the app twice after its screen was shown.
import { unseal } from "../../lib/seal";
import { callUssdApp } from "./call-ussd-app";
import { pageTurn, paginateScreen } from "./paginate-screen";
import { screenSeptetsOf } from "./screen-septets";
import type { EndedReason } from "./schemas";
import {
  endUssdSession,
  finishHop,
  startHop,
  type HopOutcome,
  type HopRow,
  type SessionCode,
  type SessionRow,
} from "./ussd-session-store";

export type HopRequest = {
  session: SessionRow;
  /** The session's code (null once released: its app can no longer be asked). */
  code: SessionCode | null;
  /** What the subscriber sent; null on the dial. */
  input: string | null;
  /** performance.now() when the hop reached Kasa: Kasa's own time is the hop's less the app's. */
  receivedAt: number;
  /** A trust store for the app's certificate (tests' local apps). */
  ca?: string | Buffer;
  /** Called once the hop's input is written, before the app is asked: a carrier's link acknowledges it then. */
  onStored?: () => void;
  /** The hop already written (a dial's, by the statement that opened its session). */
  started?: { seq: number; text: string };
};

export type HopAnswer = { screen: string; continues: boolean; endedReason: EndedReason | null; hop: HopRow };

/** Hops a session may have: a menu is a handful; dozens are an app that never says END. */
export const MAX_HOPS = 50;

/** The failure text when a session ended before this hop was written (it timed out or was aborted meanwhile). */
export class SessionEnded extends Error {}

export async function runUssdHop(request: HopRequest): Promise<HopAnswer> {
  const { session, input } = request;
  // Too long a dialogue is a loop (an app that never says END, pages turned for ever): it ends before its records
  // grow without end.
  if (session.hops >= MAX_HOPS) {
    await endUssdSession(session.id, "app_error");
    throw new SessionEnded(session.id);
  }
  if (session.pages && input !== null) {
    const shown = session.page ?? 0;
    const turn = pageTurn(session.pages, shown, input);
    if ("page" in turn) return servePage(request, session.pages, turn.page);
    // A final screen read page by page: anything but 98 and 0 shows its page again (the app said END).
    if (!session.pages_continue) return servePage(request, session.pages, shown);
  }
  const started = request.started ?? (await beginHop(request, true));
  if (request.started) request.onStored?.();
  const outcome = await askApp(request, started.text ?? "", started.seq);
  return answer(await finishHop(session.id, started.seq, outcome), outcome);
}

async function askApp(request: HopRequest, text: string, seq: number): Promise<HopOutcome> {
  const { session, code } = request;
  const failure = code?.failureText ?? "Service unavailable, please try again later.";
  const failed = (error: string, appStatus: number | null, appMs: number | null): HopOutcome => ({
    screen: failure,
    continues: false,
    appStatus,
    appMs,
    kasaMs: ownTime(request, appMs),
    error,
    pages: null,
    ends: "app_error",
  });
  if (!code?.callbackUrl) return failed("no_callback_url: the code has no callback_url", null, null);
  const result = await callUssdApp({
    url: code.callbackUrl,
    secret: unseal(code.signingSecret),
    timeoutMs: code.timeoutMs,
    hopId: `${session.id}.${seq}`,
    fields: {
      sessionId: session.id,
      serviceCode: session.service_code,
      phoneNumber: session.phone_number,
      networkCode: session.network_code ?? "",
      text,
    },
    ca: request.ca,
  });
  if (result.answer.kind === "error")
    return failed(`${result.answer.reason}: ${result.answer.detail}`, result.status, result.ms);
  const pages = paginateScreen(result.answer.text, await screenSeptetsOf(session));
  const appContinues = result.answer.kind === "continue";
  const continues = appContinues || pages.length > 1;
  return {
    screen: pages[0]!,
    continues,
    appStatus: result.status,
    appMs: result.ms,
    kasaMs: ownTime(request, result.ms),
    error: null,
    pages: pages.length > 1 ? { all: pages, shown: 0, appContinues } : null,
    ends: continues ? null : "app_end",
  };
}

/** Another page of the screen being read: Kasa's own hop, the app not asked. */
async function servePage(request: HopRequest, pages: string[], page: number): Promise<HopAnswer> {
  const { session } = request;
  const { seq } = await beginHop(request, false);
  const continues = page < pages.length - 1 || session.pages_continue === true;
  const outcome: HopOutcome = {
    screen: pages[page]!,
    continues,
    appStatus: null,
    appMs: null,
    kasaMs: ownTime(request, null),
    error: null,
    pages: { all: pages, shown: page, appContinues: session.pages_continue === true },
    ends: continues ? null : "app_end",
  };
  return answer(await finishHop(session.id, seq, outcome), outcome);
}

/** The hop's input written (SessionEnded when the session ended or a twin hop came first), then acknowledged. */
async function beginHop(request: HopRequest, asksApp: boolean): Promise<{ seq: number; text: string | null }> {
  const { session, input } = request;
  const started = await startHop(session.id, { input, asksApp, expectedHops: session.hops });
  if (started === null) throw new SessionEnded(session.id);
  request.onStored?.();
  return started;
}

function ownTime(request: HopRequest, appMs: number | null): number {
  return Math.max(0, Math.round(performance.now() - request.receivedAt - (appMs ?? 0)));
}

function answer(hop: HopRow, outcome: HopOutcome): HopAnswer {
  return { screen: outcome.screen, continues: outcome.continues, endedReason: outcome.ends, hop };
}
