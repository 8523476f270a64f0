// The one irreversible step of an email send, shared by a send made now and a
// scheduled one the worker sends later: the recorded (pending) message is given
// to the relay, and comes back sent, with the relay's message id, or failed,
// with why. The caller settles it.
import type { EmailMessage, SenderDomain } from "../../db/generated/client";
import { EmailRejected, type EmailTransport } from "../../providers/email";
import { countSend } from "../operations/send-metrics";
import { dkimFor, messageIdentity, type Dkim } from "./message-identity";
import { trackHtml } from "./tracking/track-html";
import { config } from "../../config/config";

/** What the relay is given beside the addresses on the message row. */
export type EmailContent = {
  html?: string;
  text?: string;
  attachments: { filename: string; content: Buffer }[];
  headers: Record<string, string>;
};

export async function handToRelay({
  email,
  content,
  domain,
  transport,
  dkim = dkimFor(domain),
}: {
  email: EmailMessage;
  content: EmailContent;
  domain: SenderDomain;
  transport: EmailTransport;
  dkim?: Dkim | null;
}): Promise<void> {
  try {
    const sent = await transport.send({
      ...messageIdentity({ emailId: email.id, domain, dkim }),
      from: email.sender,
      to: email.toAddresses,
      cc: email.ccAddresses,
      bcc: email.bccAddresses,
      replyTo: email.replyTo ?? undefined,
      subject: email.subject,
      html:
        content.html === undefined ? undefined : trackHtml({ html: content.html, emailId: email.id, tracking: domain }),
      text: content.text,
      attachments: content.attachments,
      headers: content.headers,
      dsn: { envelopeId: email.id, notify: dsnNotify() },
    });
    Object.assign(email, {
      status: "sent",
      smtpMessageId: sent.messageId,
      deliveryReports: sent.deliveryReports,
      updatedAt: new Date(),
    });
    countSend({ channel: "email", carrier: transport.name, outcome: "accepted", mode: email.mode });
  } catch (error) {
    const rejected = error instanceof EmailRejected;
    countSend({
      channel: "email",
      carrier: transport.name,
      outcome: rejected ? "rejected" : "unavailable",
      mode: email.mode,
    });
    Object.assign(email, {
      status: "failed",
      errorCode: rejected ? "relay_rejected" : "relay_unavailable",
      errorMessage: error instanceof Error ? error.message : "Mail relay error",
      updatedAt: new Date(),
    });
  }
}

// Failures and delays always; a success report for every recipient only where the deployment opts in
// (KASA_DSN_SUCCESS=1): it doubles the mail the relay sends back, and email.delivered needs it.
function dsnNotify(): ("SUCCESS" | "FAILURE" | "DELAY")[] {
  return config().KASA_DSN_SUCCESS ? ["SUCCESS", "FAILURE", "DELAY"] : ["FAILURE", "DELAY"];
}
