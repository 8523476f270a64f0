// USSD over SMPP v3.4 (docs/research/ussd.md, 1.1 and 1.2): a deliver_sm carrying ussd_service_op (0x0501) is a
// USSD hop, not an SMS: 1 (PSSR indication) a dial, its short_message the dialled code; 18 (USSR confirm) an answer
// to the screen shown; anything else from the network (0x81 "USSREL", or a vendor's value of 32 and above) ends the
// dialogue. A screen goes back in submit_sm: 2 (USSR request) waits for an answer, 17 (PSSR response) is the last.
// its_session_info (0x1383), when the carrier sends it, names the dialogue (its first octet) and is echoed on every
// screen, its end bit set on the last; carriers that send none are keyed by the subscriber's number on the link.
// Those are SMPP v3.4's values; a bind's profile (config/ussd-profile.ts) says where its carrier differs.
import smpp, { type PDU, type PduFields } from "smpp";
import type { UssdCarrierHop } from "../carrier";
import { splitSegments } from "../../../lib/sms-segments";
import { SMPP_V34_USSD, type UssdProfile } from "../../../config/ussd-profile";

export function isUssd(pdu: PDU): boolean {
  return pdu.ussd_service_op !== undefined;
}

/** The hop a USSD deliver_sm brings, without its reply (the carrier adds it), read by the bind's profile. */
export function ussdHopOf(
  pdu: PDU,
  provider: string,
  text: string,
  profile: UssdProfile = SMPP_V34_USSD,
): Omit<UssdCarrierHop, "reply"> & { sessionInfo: Buffer | null } {
  const op = Number(pdu.ussd_service_op);
  const from = Number(pdu.source_addr_ton) === 1 ? `+${String(pdu.source_addr)}` : String(pdu.source_addr);
  const sessionInfo = Buffer.isBuffer(pdu.its_session_info) ? (pdu.its_session_info as Buffer) : null;
  const kind =
    op === profile.dial
      ? "dial"
      : op === profile.answer
        ? "answer"
        : op === profile.release
          ? "user_abort"
          : "network_abort";
  const sessionKey = sessionInfo ? `${from}#${sessionInfo[0]}` : from;
  // Some gateways put the dialled code in the destination address, the message empty.
  const said = kind === "dial" && profile.codeIn === "destination" ? String(pdu.destination_addr ?? "") : text;
  return { provider, kind, from, text: said.trim(), sessionKey, sessionInfo };
}

/** The submit_sm of a screen: back to the subscriber, from the address they dialled, on the dialogue they are in. */
export function ussdScreenPdu(
  request: PDU,
  sessionInfo: Buffer | null,
  screen: string,
  continues: boolean,
  profile: UssdProfile = SMPP_V34_USSD,
): PduFields {
  const { encoding } = splitSegments(screen);
  const gsm7 = encoding === "gsm7";
  const ended = !continues && profile.endBit;
  return {
    service_type: String(request.service_type ?? ""),
    source_addr_ton: Number(request.dest_addr_ton ?? 0),
    source_addr_npi: Number(request.dest_addr_npi ?? 0),
    source_addr: String(request.destination_addr ?? ""),
    dest_addr_ton: Number(request.source_addr_ton ?? 1),
    dest_addr_npi: Number(request.source_addr_npi ?? 1),
    destination_addr: String(request.source_addr ?? ""),
    data_coding: CODING[profile.coding][gsm7 ? "gsm7" : "ucs2"],
    short_message: gsm7 ? smpp.gsmCoder.encode(screen, 0) : Buffer.from(screen, "utf16le").swap16(),
    ussd_service_op: continues ? profile.request : profile.response,
    ...(sessionInfo
      ? { its_session_info: Buffer.from([sessionInfo[0]!, ((sessionInfo[1] ?? 0) & 0xfe) | (ended ? 1 : 0)]) }
      : {}),
  };
}

/** Screens' data_coding: SMPP's, or the cell broadcast scheme (3GPP TS 23.038 section 5) some USSD gateways take. */
const CODING = {
  smpp: { gsm7: 0x00, ucs2: 0x08 },
  cbs: { gsm7: 0x0f, ucs2: 0x48 },
} as const;
