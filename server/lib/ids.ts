import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
// Largest multiple of 62 below 256: bytes above it are dropped so every
// character is equally likely (no modulo bias).
const UNBIASED_LIMIT = 248;

/** Random base62 text; each character carries log2(62) ≈ 5.95 bits. */
export function randomToken(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED_LIMIT) out += ALPHABET[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export type IdPrefix =
  | "acct"
  | "usr"
  | "key"
  | "dom"
  | "eml"
  | "mbx"
  | "inb"
  | "smsin"
  | "sid"
  | "pn"
  | "pay"
  | "ses"
  | "inv"
  | "tok"
  | "chl"
  | "ver"
  | "vbk"
  | "con"
  | "lst"
  | "tpl"
  | "brd"
  /** One network's decision on a sender ID: its event's transaction id (a network may decide again). */
  | "sdec"
  /** A sender ID application's supporting document. */
  | "sdoc"
  /** A charged live number lookup (one request, one or many numbers). */
  | "lkp"
  /** One change of a contact's subscription: its event's transaction id (a contact may leave and return often). */
  | "sub"
  /** A USSD service code of an account. */
  | "ussd"
  /** A USSD session: also its price's ledger transaction and the sessionId its app is sent. */
  | "uss"
  /** A WhatsApp Business number an account connected. */
  | "wan"
  /** A template's change of status at Meta: its event's transaction id (a template may change again). */
  | "wtu"
  /** A WhatsApp message, either way: also its price's ledger transaction. */
  | "wam";

/** Public ids are prefixed and random, never sequential (DESIGN.md, "Ids"). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomToken(20)}`;
}

/** The id of one answer, sent as X-Request-Id and kept in the request log (as Stripe does). */
export function newRequestId(): string {
  return `req_${randomToken(24)}`;
}
