// A submitted message as the API's email/send input (docs/decisions.md, "SMTP relay"), so it is one email transaction under the same
// rules: the sender is the header From (display name kept); the recipients are the envelope's RCPT TO, those the
// To and Cc headers name going as to and cc and every other one as bcc (never a header: Bcc works as mail clients
// expect); subject, text, HTML, attachments, Reply-To, X-, threading and list headers carry over. A Message-ID
// (with the recipients) becomes the idempotency key, so a message resubmitted within 24 hours is not sent twice.
import { createHash } from "node:crypto";
import type { AddressObject, ParsedMail } from "mailparser";
import type { SendEmailInput } from "../modules/email/schemas";
import { HEADER_NAME } from "../lib/string-formats";

export function submissionInput(mail: ParsedMail, envelope: string[]): SendEmailInput {
  const named = new Map<string, string>();
  const listed = (field: AddressObject | AddressObject[] | undefined) => {
    const found = new Set<string>();
    for (const group of [field ?? []].flat())
      for (const a of group.value) {
        if (!a.address) continue;
        const address = a.address.toLowerCase();
        found.add(address);
        named.set(address, mailbox(a.name, a.address));
      }
    return found;
  };
  const headerTo = listed(mail.to);
  const headerCc = listed(mail.cc);
  const recipients = [...new Set(envelope.map((a) => a.toLowerCase()))];
  const as = (address: string) => named.get(address) ?? address;
  const from = mail.from?.value[0];
  const replyTo = mail.replyTo?.value[0];
  return {
    to: recipients.filter((a) => headerTo.has(a)).map(as),
    cc: recipients.filter((a) => !headerTo.has(a) && headerCc.has(a)).map(as),
    bcc: recipients.filter((a) => !headerTo.has(a) && !headerCc.has(a)),
    // An SMTP message may have no subject; the API's field is required.
    subject: mail.subject?.trim() || "(no subject)",
    // A scanner's mail may be its attachment alone: the API wants a body, so it gets an empty line.
    text: mail.text || (mail.attachments.length && !mail.html ? "\n" : undefined),
    html: typeof mail.html === "string" && mail.html ? mail.html : undefined,
    from: from?.address ? mailbox(from.name, from.address) : undefined,
    replyTo: replyTo?.address ? mailbox(replyTo.name, replyTo.address) : undefined,
    attachments: mail.attachments.length
      ? mail.attachments.map((a) => ({ filename: a.filename || "attachment", content: a.content.toString("base64") }))
      : undefined,
    headers: customHeaders(mail),
    // The Message-ID and the envelope's recipients: a client (or a relay splitting at 50) that sends one message
    // in several transactions, to different recipients, sends each once.
    idempotency_key: mail.messageId
      ? `smtp-${createHash("sha256")
          .update(`${mail.messageId}\n${[...recipients].sort().join(",")}`)
          .digest("hex")
          .slice(0, 40)}`
      : undefined,
  };
}

/** "Name <addr>", quoted when the name needs it, as the API takes a mailbox. */
function mailbox(name: string, address: string): string {
  if (!name) return address;
  return /^[\w !#$%&'*+/=?^`{|}~.-]+$/.test(name)
    ? `${name} <${address}>`
    : `"${name.replace(/(["\\])/g, "\\$1")}" <${address}>`;
}

/** Headers an app sets on purpose (its X- headers, threading, list headers), one line each; an unusable name is dropped. */
const CARRIED =
  /^(x-.+|in-reply-to|references|list-unsubscribe|list-unsubscribe-post|list-id|auto-submitted|precedence)$/;

function customHeaders(mail: ParsedMail): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const { key, line } of mail.headerLines) {
    if (!CARRIED.test(key)) continue;
    const at = line.indexOf(":");
    const name = line.slice(0, at).trim();
    if (HEADER_NAME.test(name))
      out[name] = line
        .slice(at + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim();
  }
  return Object.keys(out).length ? out : undefined;
}
