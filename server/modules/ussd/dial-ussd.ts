// A subscriber dials a code: the session opens (a live one's price held, by country where the price list has one),
// then its first hop asks the app with an empty text, as Africa's Talking's apps expect. A live dial counts against
// the plan's USSD limits; one over them is written ended (rate_limited) and the subscriber reads the failure text.
import { newId } from "../../lib/ids";
import { findProductPrice } from "../pricing/product-price";
import { runUssdHop, SessionEnded, type HopAnswer } from "./run-ussd-hop";
import {
  endUssdSession,
  openSessionBySource,
  openUssdSession,
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
    // Over the limit, a dial sent again for a session under way still finds it; only a new session is refused.
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
  let { session, fresh } = await open();
  // The key has a session under way that got further than its dial: the subscriber dialled again (the network
  // dropped the last dialogue without telling Kasa, and a carrier without session ids keys both by the number).
  // That one ends as the network's doing, charged once; this dial is a session of its own.
  if (!fresh && session.hops > 0) {
    await endUssdSession(session.id, "network_abort");
    ({ session, fresh } = await open());
  }
  if (counted && counted !== "over" && (!fresh || session.ended_reason === "insufficient_balance"))
    await giveBackRateLimit({ accountId: dial.code.accountId, service: "ussd", counted });
  // Refused (insufficient_balance, rate_limited): the subscriber reads the failure text, the app is never asked.
  if (session.status === "ended") return { session, answer: null };
  try {
    // A fresh session's dial hop was written with it. A session found with none (opened before the two were one
    // statement) runs its first hop now; the startHop guard lets one of two at once through.
    const answer = await runUssdHop({
      session,
      code: dial.code,
      input: null,
      receivedAt: dial.receivedAt,
      ca: dial.ca,
      onStored: dial.onStored,
      ...(fresh ? { started: { seq: 1, text: "" } } : {}),
    });
    return { session, answer };
  } catch (error) {
    // The same dial's twin took the hop: its screen goes out from there.
    if (error instanceof SessionEnded && !fresh) return { session, answer: null };
    throw error;
  }
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
