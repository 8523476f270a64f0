// The inbound SMTP server (smtp-server): where bounces of our messages (and,
// next, mail to customers' mailboxes) arrive, through the MX record customers
// publish. Started by the worker when INBOUND_SMTP_PORT is set.
import { SMTPServer } from "smtp-server";
import { acceptsRecipient, receiveMessage } from "../modules/inbound/receive-message";

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

export async function startInboundSmtpServer(options: {
  port: number;
  host?: string;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo: (address, _session, callback) => {
      acceptsRecipient(address.address).then(
        (ok) =>
          callback(ok ? undefined : Object.assign(new Error("5.1.1 No such mailbox here"), { responseCode: 550 })),
        () => callback(Object.assign(new Error("4.3.0 Try again later"), { responseCode: 451 })),
      );
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        receiveMessage({ recipients: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) }).then(
          () => callback(),
          (error) =>
            callback(
              Object.assign(new Error(`4.3.0 Could not process the message: ${(error as Error).message}`), {
                responseCode: 451,
              }),
            ),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? "0.0.0.0", resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
