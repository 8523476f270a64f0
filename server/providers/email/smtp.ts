// Mail to the relay in SMTP_URL (smtp:// or smtps://, credentials in the URL)
// through nodemailer with a connection pool, so a batch does not open a
// connection per message; each message DKIM-signed with its domain's key.
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { EmailRejected, EmailUnavailable, type EmailTransport, type OutboundEmail } from "./transport";
import { config } from "../../config/config";

// nodemailer's own list (RFC 4871 5.5), and List-Unsubscribe-Post: RFC 8058 asks that a one-click unsubscribe be
// covered by the signature, so no one on the way can add it to a message.
const DKIM_SIGNED_HEADERS =
  "From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:" +
  "Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:" +
  "In-Reply-To:References:List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:" +
  "List-Owner:List-Archive";

type SmtpError = Error & { responseCode?: number; response?: string; code?: string };

export function smtpTransport(url: string): EmailTransport {
  const target = new URL(url);
  const transporter: Transporter<SMTPPool.SentMessageInfo, SMTPPool.Options> = nodemailer.createTransport({
    host: target.hostname,
    port: Number(target.port || (target.protocol === "smtps:" ? 465 : 587)),
    secure: target.protocol === "smtps:",
    auth: target.username
      ? { user: decodeURIComponent(target.username), pass: decodeURIComponent(target.password) }
      : undefined,
    // Over smtp:// STARTTLS is used when the relay offers it; ?tls=required makes it mandatory.
    requireTLS: target.searchParams.get("tls") === "required",
    pool: true,
    maxConnections: config().SMTP_POOL_SIZE,
    maxMessages: 1_000,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    name: "smtp",
    async send(message: OutboundEmail) {
      try {
        const info = await transporter.sendMail({
          messageId: message.messageId,
          from: message.from,
          to: message.to,
          cc: message.cc,
          bcc: message.bcc,
          replyTo: message.replyTo,
          subject: message.subject,
          html: message.html,
          text: message.text,
          attachments: message.attachments,
          headers: message.headers,
          dkim: message.dkim && { ...message.dkim, headerFieldNames: DKIM_SIGNED_HEADERS },
          envelope: message.envelopeFrom
            ? { from: message.envelopeFrom, to: [...message.to, ...message.cc, ...message.bcc] }
            : undefined,
          // nodemailer adds RET/ENVID to MAIL FROM and NOTIFY to each RCPT TO only when the relay advertises DSN.
          dsn: message.dsn && { envid: message.dsn.envelopeId, ret: "HDRS", notify: message.dsn.notify },
        });
        return { messageId: info.messageId, deliveryReports: advertisesDsn(info as { ehlo?: string[] }) };
      } catch (error) {
        const smtp = error as SmtpError;
        const reply = smtp.response ?? smtp.message;
        if (smtp.responseCode !== undefined && smtp.responseCode >= 500)
          throw new EmailRejected(reply, smtp.responseCode);
        throw new EmailUnavailable(smtp.responseCode ? reply : `Mail relay unreachable: ${smtp.message}`);
      }
    },
  };
}

/** Whether the relay's EHLO answer (which nodemailer hands back with each send) lists the DSN extension. */
function advertisesDsn(info: { ehlo?: string[] }): boolean {
  return (info.ehlo ?? []).some((line) => /^DSN\b/i.test(line.trim()));
}
