// A broadcast email's unsubscribe links (RFC 2369 List-Unsubscribe, RFC 8058
// one-click): an https link on KASA_PUBLIC_URL and a mailto address on the
// sending domain's bounce host (its MX brings it to the inbound server). Both
// carry the contact's id signed with the deployment's secrets key, bound to
// this purpose: a link can unsubscribe that one contact and do nothing else.
// They never expire: an unsubscribe link must work whenever it is clicked.
import { publicUrl } from "../../config/public-url";
import { isSecretTag, secretTag } from "../../lib/secret-tag";

const TAG_CHARS = 24;
const TOKEN = /^(con_[0-9A-Za-z]{20})\.([0-9a-f]{24})$/;
const MAILTO = /^unsubscribe\+(con_[0-9A-Za-z]{20}\.[0-9a-f]{24})@/i;

export function unsubscribeToken(contactId: string): string {
  return `${contactId}.${secretTag(`unsubscribe:${contactId}`, TAG_CHARS)}`;
}

/** The contact a token names, or null when it is not one of ours. */
export function contactOfUnsubscribeToken(token: string): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  return isSecretTag(match[2]!, `unsubscribe:${match[1]}`, TAG_CHARS) ? match[1]! : null;
}

export function isUnsubscribeAddress(address: string): boolean {
  return /^unsubscribe\+/i.test(address);
}

/** The contact a mailto unsubscribe address names, or null. */
export function contactOfUnsubscribeAddress(address: string): string | null {
  const match = MAILTO.exec(address);
  return match ? contactOfUnsubscribeToken(match[1]!) : null;
}

/** The two headers a broadcast email carries. */
export function listUnsubscribeHeaders(contactId: string, bounceHost: string): Record<string, string> {
  const token = unsubscribeToken(contactId);
  return {
    "List-Unsubscribe": `<${publicUrl()}/u/${token}>, <mailto:unsubscribe+${token}@${bounceHost}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
