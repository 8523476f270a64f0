// The inbound SMTP server (smtp-server): where bounces of our messages and
// mail to customers' mailboxes arrive, through the MX record customers
// publish. Started by the worker when INBOUND_SMTP_PORT is set. Anyone on the
// internet can reach it (every sent message's Return-Path names it), and it
// shares its process with webhook delivery and reconciliation, so its limits
// are hard: a size past which a message is refused with 552 (and never held
// in memory), a cap on sessions in all and per address, and idle sessions
// closed.
import { SMTPServer, type SMTPServerSession } from "smtp-server";
import { Transform } from "node:stream";
import { acceptsRecipient, receiveMessage } from "../modules/inbound/receive-message";
import { readInboundMail } from "../modules/inbound/read-inbound-mail";
import { logger } from "../lib/logger";

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
  const perAddress = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH"],
    size: limits.maxMessageBytes,
    maxClients: limits.maxClients,
    socketTimeout: limits.idleTimeoutMs,
    logger: false,
    onConnect: (session, callback) => {
      const count = (perAddress.get(session.remoteAddress) ?? 0) + 1;
      if (count > limits.maxPerAddress)
        return callback(smtpError(421, "4.7.0 Too many connections from your address, try again later"));
      perAddress.set(session.remoteAddress, count);
      (session as SMTPServerSession & { counted?: boolean }).counted = true;
      callback();
    },
    onClose: (session) => {
      if (!(session as SMTPServerSession & { counted?: boolean }).counted) return;
      const count = (perAddress.get(session.remoteAddress) ?? 1) - 1;
      if (count > 0) perAddress.set(session.remoteAddress, count);
      else perAddress.delete(session.remoteAddress);
    },
    onRcptTo: (address, _session, callback) => {
      acceptsRecipient(address.address).then(
        (ok) => callback(ok ? undefined : smtpError(550, "5.1.1 No such mailbox here")),
        () => callback(smtpError(451, "4.3.0 Try again later")),
      );
    },
    onData: (stream, session, callback) => {
      // Past the size, the rest is read and dropped (the client must be allowed to finish its DATA).
      let size = 0;
      const capped = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, size > limits.maxMessageBytes ? undefined : chunk);
        },
      });
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      readInboundMail(stream.pipe(capped))
        .then(async (mail) => {
          if (stream.sizeExceeded || size > limits.maxMessageBytes)
            throw smtpError(552, `5.3.4 Message too big: the limit is ${limits.maxMessageBytes} bytes`);
          await receiveMessage({ recipients, mail, sizeBytes: size });
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

function smtpError(responseCode: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode });
}
