// A subscriber dials a code: the session opens (a live one's price held, by country where the price list has one),
// then its first hop asks the app with an empty text, as Africa's Talking's apps expect.
import { newId } from "../../lib/ids";
import { findProductPrice } from "../pricing/product-price";
import { runUssdHop, SessionEnded, type HopAnswer } from "./run-ussd-hop";
import { endUssdSession, openUssdSession, type DialledCode, type SessionRow } from "./ussd-session-store";

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
  const open = async () => {
    const id = newId("uss");
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
  // Refused (insufficient_balance): the subscriber reads the failure text, the app is never asked.
  if (session.status === "ended") return { session, answer: null };
  try {
    // A dial the carrier sent again before the first one's hop was written (or whose process died there) runs that
    // session's first hop now; the startHop guard lets one of two at once through, so the app is asked once.
    const answer = await runUssdHop({
      session,
      code: dial.code,
      input: null,
      receivedAt: dial.receivedAt,
      ca: dial.ca,
      onStored: dial.onStored,
    });
    return { session, answer };
  } catch (error) {
    // The same dial's twin took the hop: its screen goes out from there.
    if (error instanceof SessionEnded && !fresh) return { session, answer: null };
    throw error;
  }
}
