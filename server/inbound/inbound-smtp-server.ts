// The inbound SMTP server (smtp-server): where bounces of our messages and
// mail to customers' mailboxes arrive, through the MX record customers
// publish. Started by the worker when INBOUND_SMTP_PORT is set. Anyone on the
// internet can reach it (every sent message's Return-Path names it), and it
// shares its process with webhook delivery and reconciliation, so its limits
// are hard: a size past which a message is refused with 552 (and never held
// in memory), a cap on sessions in all and per address, and idle sessions
// closed.
import { SMTPServer } from "smtp-server";
import { acceptsRecipient, receiveMessage } from "../modules/inbound/receive-message";
import { readInboundMail } from "../modules/inbound/read-inbound-mail";
import { logger } from "../lib/logger";
import { perAddressSessions, sizeCapped, smtpError } from "../lib/smtp-guards";

export const INBOUND_LIMITS = {
  /** SPEC's 20 MB of attachments, base64-encoded, plus headers and bodies. */
  maxMessageBytes: 30 * 1024 * 1024,
  /** Sessions at once; a busy MX sees a handful, and a refused one is retried by the sender. */
  maxClients: 100,
  /** Sessions at once from one address. */
  maxPerAddress: 10,
  /** A session that says nothing for this long is closed. */
  idleTimeoutMs: 30_000,
};

type Limits = typeof INBOUND_LIMITS;

export async function startInboundSmtpServer(options: {
  port: number;
  host?: string;
  limits?: Partial<Limits>;
}): Promise<{ port: number; close(): Promise<void> }> {
  const limits = { ...INBOUND_LIMITS, ...options.limits };
  const perAddress = perAddressSessions(limits.maxPerAddress);
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH"],
    size: limits.maxMessageBytes,
    maxClients: limits.maxClients,
    socketTimeout: limits.idleTimeoutMs,
    logger: false,
    onConnect: (session, callback) => callback(perAddress.admit(session)),
    onClose: (session) => perAddress.release(session),
    onRcptTo: (address, _session, callback) => {
      acceptsRecipient(address.address).then(
        (ok) => callback(ok ? undefined : smtpError(550, "5.1.1 No such mailbox here")),
        () => callback(smtpError(451, "4.3.0 Try again later")),
      );
    },
    onData: (stream, session, callback) => {
      // Past the size, the rest is read and dropped (the client must be allowed to finish its DATA).
      const capped = sizeCapped(limits.maxMessageBytes);
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      readInboundMail(stream.pipe(capped.stream))
        .then(async (mail) => {
          if (stream.sizeExceeded || capped.exceeded())
            throw smtpError(552, `5.3.4 Message too big: the limit is ${limits.maxMessageBytes} bytes`);
          await receiveMessage({ recipients, mail, sizeBytes: capped.size() });
        })
        .then(
          () => callback(),
          (error: Error & { responseCode?: number }) => {
            if (error.responseCode) return callback(error);
            // The sender learns only to retry; the reason stays with us.
            logger().warn({ err: error, recipients }, "inbound message not processed");
            callback(smtpError(451, "4.3.0 Could not process the message, try later"));
          },
        );
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? "0.0.0.0", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
