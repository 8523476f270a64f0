// USSD over SMPP v3.4 (docs/research/ussd.md, 1.1 and 1.2): a deliver_sm carrying ussd_service_op (0x0501) is a
// USSD hop, not an SMS: 1 (PSSR indication) a dial, its short_message the dialled code; 18 (USSR confirm) an answer
// to the screen shown; anything else from the network (0x81 "USSREL", or a vendor's value of 32 and above) ends the
// dialogue. A screen goes back in submit_sm: 2 (USSR request) waits for an answer, 17 (PSSR response) is the last.
// its_session_info (0x1383), when the carrier sends it, names the dialogue (its first octet) and is echoed on every
// screen, its end bit set on the last; carriers that send none are keyed by the subscriber's number on the link.
import smpp, { type PDU, type PduFields } from "smpp";
import type { UssdCarrierHop } from "../carrier";
import { splitSegments } from "../../../lib/sms-segments";

const PSSR_INDICATION = 1;
const USSR_REQUEST = 2;
const PSSR_RESPONSE = 17;
const USSR_CONFIRM = 18;
/** USSREL: the subscriber hung up or pressed cancel (Mica, 6D: docs/research/ussd.md 1.2). */
const RELEASE = 0x81;

export function isUssd(pdu: PDU): boolean {
  return pdu.ussd_service_op !== undefined;
}

/** The hop a USSD deliver_sm brings, without its reply (the carrier adds it). */
export function ussdHopOf(
  pdu: PDU,
  provider: string,
  text: string,
): Omit<UssdCarrierHop, "reply"> & { sessionInfo: Buffer | null } {
  const op = Number(pdu.ussd_service_op);
  const from = Number(pdu.source_addr_ton) === 1 ? `+${String(pdu.source_addr)}` : String(pdu.source_addr);
  const sessionInfo = Buffer.isBuffer(pdu.its_session_info) ? (pdu.its_session_info as Buffer) : null;
  const kind =
    op === PSSR_INDICATION ? "dial" : op === USSR_CONFIRM ? "answer" : op === RELEASE ? "user_abort" : "network_abort";
  const sessionKey = sessionInfo ? `${from}#${sessionInfo[0]}` : from;
  return { provider, kind, from, text: text.trim(), sessionKey, sessionInfo };
}

/** The submit_sm of a screen: back to the subscriber, from the address they dialled, on the dialogue they are in. */
export function ussdScreenPdu(request: PDU, sessionInfo: Buffer | null, screen: string, continues: boolean): PduFields {
  const { encoding } = splitSegments(screen);
  return {
    service_type: String(request.service_type ?? ""),
    source_addr_ton: Number(request.dest_addr_ton ?? 0),
    source_addr_npi: Number(request.dest_addr_npi ?? 0),
    source_addr: String(request.destination_addr ?? ""),
    dest_addr_ton: Number(request.source_addr_ton ?? 1),
    dest_addr_npi: Number(request.source_addr_npi ?? 1),
    destination_addr: String(request.source_addr ?? ""),
    data_coding: encoding === "gsm7" ? 0x00 : 0x08,
    short_message: encoding === "gsm7" ? smpp.gsmCoder.encode(screen, 0) : Buffer.from(screen, "utf16le").swap16(),
    ussd_service_op: continues ? USSR_REQUEST : PSSR_RESPONSE,
    ...(sessionInfo
      ? { its_session_info: Buffer.from([sessionInfo[0]!, ((sessionInfo[1] ?? 0) & 0xfe) | (continues ? 0 : 1)]) }
      : {}),
  };
}
