// A bind's USSD profile (docs/decisions.md, "USSD"): carriers differ on every number SMPP v3.4 gives USSD and none
// in Ghana publishes its sheet, so each is the bind's setting, in its smpp:// URL, SMPP v3.4's values unless said:
//   ussd.dial=1 ussd.answer=18 ussd.request=2 ussd.response=17 ussd.release=129 (ussd_service_op values)
//   ussd.code_in=message|destination   where a dial carries the dialled code
//   ussd.end_bit=on|off                 whether the last screen's its_session_info has its end bit set
//   ussd.coding=smpp|cbs                screens' data_coding: SMPP's (0x00 GSM-7, 0x08 UCS-2) or the cell
//                                        broadcast scheme some USSD gateways want (0x0F GSM-7, 0x48 UCS-2)
export type UssdProfile = {
  /** ussd_service_op of a subscriber's dial (PSSR indication). */
  dial: number;
  /** ... of an answer to the screen shown (USSR confirm). */
  answer: number;
  /** ... of a screen that waits for an answer (USSR request). */
  request: number;
  /** ... of the last screen (PSSR response). */
  response: number;
  /** ... of the subscriber's release; any other value from the network is the network's abort. */
  release: number;
  codeIn: "message" | "destination";
  endBit: boolean;
  coding: "smpp" | "cbs";
};

export const SMPP_V34_USSD: UssdProfile = {
  dial: 1,
  answer: 18,
  request: 2,
  response: 17,
  release: 0x81,
  codeIn: "message",
  endBit: true,
  coding: "smpp",
};

const OPERATIONS = ["dial", "answer", "request", "response", "release"] as const;

/** The profile the URL's `ussd.*` parameters describe; throws on a value it cannot use. */
export function parseUssdProfile(q: URLSearchParams): UssdProfile {
  const profile: UssdProfile = { ...SMPP_V34_USSD };
  for (const op of OPERATIONS) {
    const raw = q.get(`ussd.${op}`);
    if (raw === null) continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 255)
      throw new Error(`the SMPP carrier URL's ussd.${op} must be a ussd_service_op value from 0 to 255`);
    profile[op] = value;
  }
  const inbound = [profile.dial, profile.answer, profile.release];
  if (new Set(inbound).size !== inbound.length)
    throw new Error("the SMPP carrier URL's ussd.dial, ussd.answer and ussd.release must differ");
  // The two screens' numbers are how a phone tells a screen that waits from the last one.
  if (profile.request === profile.response)
    throw new Error("the SMPP carrier URL's ussd.request and ussd.response must differ");
  profile.codeIn = oneOf(q, "code_in", ["message", "destination"], profile.codeIn);
  profile.endBit = oneOf(q, "end_bit", ["on", "off"], profile.endBit ? "on" : "off") === "on";
  profile.coding = oneOf(q, "coding", ["smpp", "cbs"], profile.coding);
  return profile;
}

function oneOf<T extends string>(q: URLSearchParams, name: string, values: readonly T[], fallback: T): T {
  const raw = q.get(`ussd.${name}`);
  if (raw === null) return fallback;
  if (!values.includes(raw as T))
    throw new Error(`the SMPP carrier URL's ussd.${name} must be ${values.join(" or ")} (got ${raw})`);
  return raw as T;
}
