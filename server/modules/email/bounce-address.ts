// Every message leaves with a Return-Path of its own (VERP), signed:
// bounces+<email_id>.<tag>@<sending domain>, where the tag is an HMAC of the
// email id under the deployment's secrets key. A bounce addressed to it names
// the message it is about, whatever the remote server puts in its report; the
// domain's MX (one of the records we ask customers to publish) brings it to
// our inbound SMTP server. Without the tag anyone who learnt an email id (a
// recipient sees it) could write a bounce for it and get addresses
// suppressed; a forged address is refused at RCPT.
import { isSecretTag, secretTag } from "../../lib/secret-tag";

const PATTERN = /^bounces\+(eml_[0-9A-Za-z]+)\.([0-9a-f]{16})@/i;
const TAG_CHARS = 16;

export function bounceAddress(emailId: string, domain: string): string {
  return `bounces+${emailId}.${secretTag(`bounce:${emailId}`, TAG_CHARS)}@${domain}`;
}

/** The email a bounce address is about, or null when it is not one of ours or its tag does not match. */
export function emailIdOfBounceAddress(address: string): string | null {
  const match = PATTERN.exec(address);
  if (!match) return null;
  const [, emailId, tag] = match;
  return isSecretTag(tag!, `bounce:${emailId}`, TAG_CHARS) ? emailId! : null;
}

/** Whether an address looks like a bounce address at all (signed or not): such mail is never a mailbox's. */
export function isBounceAddress(address: string): boolean {
  return /^bounces\+/i.test(address);
}
