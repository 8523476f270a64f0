// What the SMTP submission service answers for each of SPEC's refusals (docs/decisions.md, "SMTP relay"): one table, also shown on
// /docs/smtp. The class says whether to retry: 4xx for a rate limit and for service trouble (a mail client or
// queue tries again later), 5xx for the rest (trying again changes nothing). The text starts with the enhanced
// status code (RFC 3463), then SPEC's code, then the API's own message.
import { smtpError, type SmtpError } from "../lib/smtp-guards";

export type SmtpReplyRule = { code: number; enhanced: string; when: string };

export const SMTP_REPLIES: Record<string, SmtpReplyRule> = {
  UNAUTHORIZED: { code: 535, enhanced: "5.7.8", when: "AUTH: the password is not an active Kasa API key" },
  FORBIDDEN: {
    code: 535,
    enhanced: "5.7.8",
    when: "AUTH: the key lacks email:send, or is a live key before the account owner verified their email",
  },
  ACCOUNT_SUSPENDED: { code: 535, enhanced: "5.7.8", when: "AUTH: the account is suspended" },
  TOO_MANY_RECIPIENTS: { code: 452, enhanced: "4.5.3", when: "RCPT TO: the 51st recipient and every one after" },
  UNVERIFIED_SENDER_DOMAIN: {
    code: 550,
    enhanced: "5.7.1",
    when: "DATA: the From header is not on one of the account's verified domains",
  },
  INVALID_EMAIL: {
    code: 554,
    enhanced: "5.1.3",
    when: "DATA: the From or Reply-To address is not one (a recipient that is not: 553 5.1.3 at RCPT TO)",
  },
  MISSING_CONTENT: { code: 554, enhanced: "5.6.0", when: "DATA: the message has neither a text nor an HTML part" },
  INVALID_REQUEST: {
    code: 554,
    enhanced: "5.6.0",
    when: "DATA: what the API would refuse in the message (a reserved header, attachments past 20 MB)",
  },
  PAYLOAD_TOO_LARGE: { code: 552, enhanced: "5.3.4", when: "DATA: the message is larger than the SIZE announced" },
  INSUFFICIENT_BALANCE: { code: 554, enhanced: "5.7.0", when: "DATA: the balance does not cover the message" },
  CONFLICT: {
    code: 554,
    enhanced: "5.7.0",
    when: "DATA: this Message-ID was sent in the last 24 hours with different content",
  },
  RATE_LIMIT_EXCEEDED: {
    code: 451,
    enhanced: "4.7.1",
    when: "DATA: the plan's email limit for the minute, day or month",
  },
  REQUEST_IN_PROGRESS: { code: 451, enhanced: "4.3.0", when: "DATA: the same Message-ID is being sent right now" },
  SERVICE_UNAVAILABLE: { code: 451, enhanced: "4.3.0", when: "DATA: Kasa cannot take the message right now" },
  EMAIL_SEND_FAILED: {
    code: 451,
    enhanced: "4.4.1",
    when: "DATA: the mail relay could not be reached (refused by the relay: 554 5.0.0)",
  },
};

/** The replies that are not a SPEC code's: said once here for the docs page. */
export const SMTP_SESSION_REPLIES = [
  { code: "538 5.7.11", when: "AUTH before STARTTLS, except from the machine itself (loopback)" },
  { code: "454 4.7.0", when: "AUTH after too many failed attempts from this address: wait and retry" },
  { code: "550 5.1.1", when: "RCPT TO: an address on the account's suppression list (suppressed, not sent to)" },
  { code: "553 5.1.3", when: "RCPT TO: an address the API would refuse (INVALID_EMAIL)" },
  { code: "530", when: "MAIL FROM before AUTH" },
  { code: "452 4.3.1", when: "DATA while this server is already sending its most messages at once: try again" },
  { code: "421 4.7.0", when: "Too many connections from one address, or a session past its time" },
  { code: "250 2.0.0", when: "DATA accepted: the text ends with the message's email_id" },
];

/** The reply to a SPEC error: its table row, or 451 4.3.0 for anything unforeseen (the message may be tried again). */
export function smtpReplyFor(error: { code: string; message: string; status?: number }): SmtpError {
  // A relay that refused the message for good is not service trouble: retrying sends the same refusal.
  if (error.code === "EMAIL_SEND_FAILED" && error.status === 400)
    return smtpError(554, `5.0.0 ${error.code}: ${oneLine(error.message)}`);
  // The key went bad after AUTH (revoked, the account suspended): 535 is AUTH's own reply, DATA's is 554.
  if (AUTH_CODES.has(error.code)) return smtpError(554, `5.7.8 ${error.code}: ${oneLine(error.message)}`);
  const rule: Pick<SmtpReplyRule, "code" | "enhanced"> =
    SMTP_REPLIES[error.code] ??
    (error.code === "INVALID_INPUT" || error.code === "MISSING_FIELD"
      ? SMTP_REPLIES.INVALID_REQUEST!
      : { code: 451, enhanced: "4.3.0" });
  return smtpError(rule.code, `${rule.enhanced} ${error.code}: ${oneLine(error.message)}`);
}

const AUTH_CODES = new Set(["UNAUTHORIZED", "FORBIDDEN", "ACCOUNT_SUSPENDED"]);

/** An SMTP reply is one line: no CR or LF may come from a message (a newline would end the reply early). */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").slice(0, 400);
