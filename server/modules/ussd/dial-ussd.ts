// A subscriber dials a code: the session opens (a live one's price held, by country where the price list has one),
// then its first hop asks the app with an empty text, as Africa's Talking's apps expect.
import { newId } from "../../lib/ids";
import { findProductPrice } from "../pricing/product-price";
import { runUssdHop, type HopAnswer } from "./run-ussd-hop";
import { openUssdSession, type DialledCode, type SessionRow } from "./ussd-session-store";

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
  const id = newId("uss");
  const price =
    (dial.country ? await findProductPrice(`ussd_session:${dial.country}`) : undefined) ??
    (await findProductPrice("ussd_session"));
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
  // Refused (insufficient_balance): the subscriber reads the failure text, the app is never asked.
  if (session.status === "ended") return { session, answer: null };
  // A redelivered dial of a session already under way: it is not asked twice.
  if (session.id !== id) return { session, answer: null };
  const answer = await runUssdHop({
    session,
    code: dial.code,
    input: null,
    receivedAt: dial.receivedAt,
    ca: dial.ca,
    onStored: dial.onStored,
  });
  return { session, answer };
}
