// A subscriber dials a code: the session opens (a live one's price held, by country where the price list has one),
// then its first hop asks the app with an empty text, as Africa's Talking's apps expect. A live dial counts against
// the plan's USSD limits; one over them is written ended (rate_limited) and the subscriber reads the failure text.
import { newId } from "../../lib/ids";
import { findProductPrice } from "../pricing/product-price";
import { runUssdHop, SessionEnded, type HopAnswer } from "./run-ussd-hop";
import {
  endUssdSession,
  hopState,
  openSessionBySource,
  openUssdSession,
  retakeHop,
  type DialledCode,
  type SessionRow,
} from "./ussd-session-store";
import { consumeRateLimit, giveBackRateLimit, type RateLimitResult } from "../limits/consume-rate-limit";
import { isAppError } from "../../errors/app-error";

export type Dial = {
  code: DialledCode;
  /** Where the hops come from ("simulator", or a carrier's bind) and its key for this session (null: the new id). */
  source: string;
  sourceSession: string | null;
  phoneNumber: string;
  country: string | null;
  network: string | null;
  networkCode: string | null;
  mode: "live" | "test";
  receivedAt: number;
  ca?: string | Buffer;
  onStored?: () => void;
};

export type DialAnswer = { session: SessionRow; answer: HopAnswer | null };

export async function dialUssd(dial: Dial): Promise<DialAnswer> {
  const price =
    (dial.country ? await findProductPrice(`ussd_session:${dial.country}`) : undefined) ??
    (await findProductPrice("ussd_session"));
  // A live dial counts against the plan's limits, as a request does (SPEC 8.3; test sessions, like test keys', are
  // not counted); a session it did not open gives the count back.
  const counted = dial.mode === "live" ? await countSession(dial.code) : null;
  const open = async () => {
    const id = newId("uss");
    const refusedAtLimit = counted === "over";
    // Over the limit, a dial on a key with a session under way still finds it (dialOnSession says whether it is the
    // same dial again); only a new session is refused.
    const underWay =
      refusedAtLimit && dial.sourceSession ? await openSessionBySource(dial.source, dial.sourceSession) : null;
    if (underWay) return { session: underWay, fresh: false };
    const session = await openUssdSession({
      id,
      account_id: dial.code.accountId,
      code_id: dial.code.id,
      service_code: dial.code.code,
      mode: dial.mode,
      source: dial.source,
      source_session: dial.sourceSession ?? id,
      phone_number: dial.phoneNumber,
      country: dial.country,
      network: dial.network,
      network_code: dial.networkCode,
      priceMicros: price?.priceMicros ?? 0n,
      currency: price?.currency ?? "USD",
      ...(refusedAtLimit ? { refused: "rate_limited" as const } : {}),
    });
    return { session, fresh: session.id === id };
  };
  let session: SessionRow;
  let fresh: boolean;
  let found: DialOnSession = "redial";
  try {
    ({ session, fresh } = await open());
    if (!fresh) found = await dialOnSession(session, dial.code);
    // The subscriber dialled again (the network dropped the last dialogue without telling Kasa, and a carrier without
    // session ids keys both by the number): that one ends as the network's doing, charged once; this is a new one.
    if (!fresh && found === "redial") {
      await endUssdSession(session.id, "network_abort");
      ({ session, fresh } = await open());
    }
  } catch (error) {
    // No session of this dial's was written: its count goes back.
    if (counted && counted !== "over")
      await giveBackRateLimit({ accountId: dial.code.accountId, service: "ussd", counted }).catch(() => undefined);
    throw error;
  }
  if (counted && counted !== "over" && (!fresh || session.ended_reason === "insufficient_balance"))
    await giveBackRateLimit({ accountId: dial.code.accountId, service: "ussd", counted });
  // Refused (insufficient_balance, rate_limited): the subscriber reads the failure text, the app is never asked.
  if (session.status === "ended") return { session, answer: null };
  // The same dial again while its process asks the app: that process sends the screen.
  if (!fresh && found === "in_flight") return { session, answer: null };
  try {
    const answer = await runUssdHop({
      session,
      code: dial.code,
      input: null,
      receivedAt: dial.receivedAt,
      ca: dial.ca,
      onStored: dial.onStored,
      // A fresh session's dial hop was written with it, as was one a dead process left (taken over). A session found
      // with none (opened before the two were one statement) starts it now, the startHop guard letting one through.
      ...(fresh || found === "retaken" ? { started: { seq: 1, text: "" } } : {}),
    });
    return { session, answer };
  } catch (error) {
    // The same dial's twin took the hop: its screen goes out from there.
    if (error instanceof SessionEnded && !fresh) return { session, answer: null };
    throw error;
  }
}

/** A process asks the app for at most the code's timeout, then writes the outcome: past this, it died. */
const WRITE_GRACE_MS = 2_000;

type DialOnSession = "redial" | "in_flight" | "retaken" | "unstarted";

/**
 * What a dial on a key with a session under way is, by the session's last hop (docs/decisions.md, "USSD"): answered,
 * the subscriber saw a screen and dialled again (a redial: a new session); unanswered and recent, the same dial sent
 * again while its process asks the app (in flight: nothing more to do); unanswered past the app's time, its process
 * died: the dial's own hop is taken over and asked again (retaken; one of two at once), a later hop's session is left
 * for a new one (redial).
 */
async function dialOnSession(session: SessionRow, code: DialledCode): Promise<DialOnSession> {
  if (session.hops === 0) return "unstarted";
  const last = await hopState(session.id, session.hops, code.timeoutMs + WRITE_GRACE_MS);
  if (!last || last.answered) return "redial";
  if (last.inFlight) return "in_flight";
  if (session.hops > 1) return "redial";
  return (await retakeHop(session.id, 1, last.at)) ? "retaken" : "in_flight";
}

/** The dial counted in the account's USSD windows, or "over" when one of them is full. */
async function countSession(code: DialledCode): Promise<RateLimitResult | "over"> {
  try {
    return await consumeRateLimit({ accountId: code.accountId, planId: code.planId, service: "ussd" });
  } catch (error) {
    if (isAppError(error) && error.code === "RATE_LIMIT_EXCEEDED") return "over";
    throw error;
  }
}
