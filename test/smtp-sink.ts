// A real SMTP server on 127.0.0.1 (smtp-server) standing in for the mail
// relay: it records each envelope and the raw message as received, and
// refuses recipients whose address starts with "reject" with 550.
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";
import { configure } from "../server/config/config";

export type ReceivedMail = {
  from: string;
  to: string[];
  raw: Buffer;
  /** The parameters of MAIL FROM (RET, ENVID, ...) and of each RCPT TO (NOTIFY, ORCPT), as the client sent them. */
  mailFromArgs: Record<string, string | true>;
  rcptArgs: Record<string, Record<string, string | true>>;
};

export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private server?: SMTPServer;
  url = "";

  /** `dsn`: advertise the DSN extension (RFC 3461), as relays that give delivery reports do. */
  constructor(private readonly options: { dsn?: boolean } = {}) {}

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      // Pooled clients keep connections open; a test run need not wait 30 s for them on close.
      closeTimeout: 200,
      hideDSN: !this.options.dsn,
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (address.address.startsWith("reject")) {
          const error = new Error("5.1.1 Mailbox unavailable") as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on("data", (c: Buffer) => chunks.push(c));
        stream.on("end", () => {
          this.messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks),
            mailFromArgs: (session.envelope.mailFrom && session.envelope.mailFrom.args) || {},
            rcptArgs: Object.fromEntries(session.envelope.rcptTo.map((r) => [r.address, r.args || {}])),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    const address = this.server.server.address() as { port: number };
    this.url = `smtp://127.0.0.1:${address.port}`;
    return this;
  }

  /** The newest mail to `to` (whose subject matches, when given), parsed; waits up to `timeoutMs` for it. */
  async waitForMail(to: string, subject?: RegExp, timeoutMs = 10_000): Promise<{ subject: string; text: string }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const mail of [...this.messages].reverse()) {
        if (!mail.to.includes(to)) continue;
        const parsed = await simpleParser(mail.raw);
        if (!subject || subject.test(parsed.subject ?? ""))
          return { subject: parsed.subject ?? "", text: parsed.text ?? "" };
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** A sink for the whole test file, set as the live relay (SMTP_URL) while the file runs. */
export function useSmtpSink(
  hooks: {
    beforeAll: (fn: () => Promise<void>) => void;
    afterAll: (fn: () => Promise<void>) => void;
  },
  options: { dsn?: boolean } = {},
): SmtpSink {
  const sink = new SmtpSink(options);
  let restore = () => {};
  hooks.beforeAll(async () => {
    await sink.start();
    restore = configure({ SMTP_URL: sink.url });
  });
  hooks.afterAll(async () => {
    restore();
    await sink.stop();
  });
  return sink;
}

/** The link a system mail offers (the one with a `#token=`), and its token. */
export function linkIn(text: string): { url: string; token: string } {
  const match = /(https?:\/\/\S+#token=([0-9A-Za-z]+))/.exec(text);
  if (!match) throw new Error(`no link in: ${text}`);
  return { url: match[1]!, token: match[2]! };
}
