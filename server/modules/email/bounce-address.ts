// Every message leaves with a Return-Path of its own (VERP):
// bounces+<email_id>@<sending domain>. A bounce addressed to it names the
// message it is about, whatever the remote server puts in its report; the
// domain's MX (one of the records we ask customers to publish) brings it to
// our inbound SMTP server.
const PATTERN = /^bounces\+(eml_[0-9A-Za-z]+)@/i;

export function bounceAddress(emailId: string, domain: string): string {
  return `bounces+${emailId}@${domain}`;
}

export function emailIdOfBounceAddress(address: string): string | null {
  return PATTERN.exec(address)?.[1] ?? null;
}
