// What a remote MTA sends back: a multipart/report DSN (RFC 3464) to a
// message's Return-Path, over real SMTP to Kasa's inbound server.
import nodemailer from "nodemailer";

export async function sendDsn(
  port: number,
  returnPath: string,
  recipient: string,
  status: string,
  action = "failed",
  envelopeId?: string,
) {
  const mta = nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  const dsn = [
    `Reporting-MTA: dns; mx.example.org`,
    ...(envelopeId ? [`Original-Envelope-Id: ${envelopeId}`] : []),
    "",
    `Final-Recipient: rfc822; ${recipient}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: smtp; 550 ${status} <${recipient}>: User unknown`,
  ].join("\r\n");
  try {
    await mta.sendMail({
      envelope: { from: "", to: returnPath },
      from: "MAILER-DAEMON@mx.example.org",
      to: returnPath,
      subject: "Delivery Status Notification",
      text: "This is the mail system at host mx.example.org.",
      attachments: [{ content: dsn, contentType: "message/delivery-status", filename: "status.txt" }],
    });
  } finally {
    mta.close();
  }
}
