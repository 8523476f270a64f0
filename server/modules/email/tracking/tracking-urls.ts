// The URLs a tracked message carries, signed with the deployment's secrets
// key so that only Kasa can make them: /t/o/<email_id>.<sig>.gif (the open
// pixel) and /t/c/<email_id>.<sig>?u=<link> (a click, answered with a 302 to
// <link>). The click's signature covers the link, so an altered or unsigned
// URL is a 404 and the redirect can never be pointed somewhere else.
import { createHmac, timingSafeEqual } from "node:crypto";
import { secretsKey } from "../../../config/secrets-key";
import { publicUrl } from "../../../config/public-url";

const TOKEN = /^(eml_[0-9A-Za-z]+)\.([0-9a-f]{32})$/;

function sign(what: string): string {
  return createHmac("sha256", secretsKey()).update(what).digest("hex").slice(0, 32);
}

export function openPixelUrl(emailId: string): string {
  return `${publicUrl()}/t/o/${emailId}.${sign(`open:${emailId}`)}.gif`;
}

export function clickUrl(emailId: string, link: string): string {
  return `${publicUrl()}/t/c/${emailId}.${sign(`click:${emailId}:${link}`)}?u=${encodeURIComponent(link)}`;
}

/** The email an open pixel's token names, or null when the token is not one Kasa signed. */
export function emailOfOpenToken(token: string): string | null {
  const match = TOKEN.exec(token.replace(/\.gif$/, ""));
  return match && same(match[2]!, sign(`open:${match[1]}`)) ? match[1]! : null;
}

/** The email and link a click names, or null when the signature does not cover exactly this link. */
export function clickOf(token: string, link: string | null): { emailId: string; link: string } | null {
  const match = TOKEN.exec(token);
  if (!match || !link || !/^https?:\/\//i.test(link)) return null;
  return same(match[2]!, sign(`click:${match[1]}:${link}`)) ? { emailId: match[1]!, link } : null;
}

function same(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
