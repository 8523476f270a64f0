// The URLs a tracked message carries, signed with the deployment's secrets
// key so that only Kasa can make them: /t/o/<email_id>.<sig>.gif (the open
// pixel) and /t/c/<email_id>.<sig>?u=<link> (a click, answered with a 302 to
// <link>). The click's signature covers the link, so an altered or unsigned
// URL is a 404 and the redirect can never be pointed somewhere else.
import { isSecretTag, secretTag } from "../../../lib/secret-tag";
import { publicUrl } from "../../../config/public-url";

const TOKEN = /^(eml_[0-9A-Za-z]+)\.([0-9a-f]{32})$/;
// 128 bits: a link in a message is public for as long as the message is kept.
const SIG_CHARS = 32;
const sign = (what: string) => secretTag(what, SIG_CHARS);

export function openPixelUrl(emailId: string): string {
  return `${publicUrl()}/t/o/${emailId}.${sign(`open:${emailId}`)}.gif`;
}

export function clickUrl(emailId: string, link: string): string {
  return `${publicUrl()}/t/c/${emailId}.${sign(`click:${emailId}:${link}`)}?u=${encodeURIComponent(link)}`;
}

/** The email an open pixel's token names, or null when the token is not one Kasa signed. */
export function emailOfOpenToken(token: string): string | null {
  const match = TOKEN.exec(token.replace(/\.gif$/, ""));
  return match && isSecretTag(match[2]!, `open:${match[1]}`, SIG_CHARS) ? match[1]! : null;
}

/** The email and link a click names, or null when the signature does not cover exactly this link. */
export function clickOf(token: string, link: string | null): { emailId: string; link: string } | null {
  const match = TOKEN.exec(token);
  if (!match || !link || !/^https?:\/\//i.test(link)) return null;
  return isSecretTag(match[2]!, `click:${match[1]}:${link}`, SIG_CHARS) ? { emailId: match[1]!, link } : null;
}
