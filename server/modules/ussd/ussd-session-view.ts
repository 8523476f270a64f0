// A USSD session as the API, the dashboard and its event (ussd.session.ended) show it, its hops in order.
import { toAmountNumber } from "../../lib/money";
import type { HopRow, SessionRow } from "./ussd-session-store";

export function ussdHopView(hop: HopRow) {
  return {
    seq: hop.seq,
    input: hop.input,
    text: hop.text,
    screen: hop.screen,
    continues: hop.continues,
    app_status: hop.app_status,
    app_ms: hop.app_ms,
    kasa_ms: hop.kasa_ms,
    error: hop.error,
    at: new Date(hop.at).toISOString(),
  };
}

export function ussdSessionSummary(session: SessionRow) {
  return {
    id: session.id,
    service_code: session.service_code,
    code_id: session.code_id,
    mode: session.mode,
    phone_number: session.phone_number,
    country: session.country,
    network: session.network,
    network_code: session.network_code,
    status: session.status,
    ended_reason: session.ended_reason,
    hops: session.hops,
    price: { amount: toAmountNumber(BigInt(session.price_micros)), currency: session.currency },
    created_at: new Date(session.created_at).toISOString(),
    ended_at: session.ended_at ? new Date(session.ended_at).toISOString() : null,
  };
}

export function ussdSessionView(session: SessionRow, hops: HopRow[]) {
  return { ...ussdSessionSummary(session), hop_list: hops.map(ussdHopView) };
}
