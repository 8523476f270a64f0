// An outbound SMS as the submit_sm PDUs of SMPP v3.4: GSM-7 (data_coding 0,
// one septet per octet, extension characters escaped) or UCS-2 (data_coding
// 8, UTF-16BE); more than one part gets a concatenation UDH (IEI 0x00, an
// 8-bit reference) and the UDHI bit in esm_class. An alphanumeric sender goes
// as TON 5 (alphanumeric), a phone number as TON 1 / NPI 1 (international, E.164).
import smpp, { type PduFields } from "smpp";
import { splitSegments } from "../../../lib/sms-segments";

const UDHI = 0x40;
const DATA_CODING = { gsm7: 0x00, ucs2: 0x08 } as const;

export function submitPdus(message: { to: string; from: string; body: string }, reference: number): PduFields[] {
  const { encoding, parts } = splitSegments(message.body);
  const encode = (text: string) =>
    encoding === "gsm7" ? smpp.gsmCoder.encode(text, 0) : Buffer.from(text, "utf16le").swap16();
  const source = sourceAddress(message.from);
  return parts.map((text, index) => {
    const payload = encode(text);
    const concatenated = parts.length > 1;
    const udh = Buffer.from([0x05, 0x00, 0x03, reference & 0xff, parts.length, index + 1]);
    return {
      service_type: "",
      ...source,
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: message.to.replace(/^\+/, ""),
      esm_class: concatenated ? UDHI : 0,
      registered_delivery: 1,
      data_coding: DATA_CODING[encoding],
      short_message: concatenated ? Buffer.concat([udh, payload]) : payload,
    };
  });
}

function sourceAddress(from: string) {
  if (/^\+\d{7,15}$/.test(from)) return { source_addr_ton: 1, source_addr_npi: 1, source_addr: from.slice(1) };
  if (/^\d{3,8}$/.test(from)) return { source_addr_ton: 3, source_addr_npi: 0, source_addr: from }; // a short code
  return { source_addr_ton: 5, source_addr_npi: 0, source_addr: from };
}
