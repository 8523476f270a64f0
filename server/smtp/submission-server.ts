// The SMTP submission service (docs/decisions.md, "SMTP relay"): any app that can send mail through an SMTP server (WordPress, Laravel,
// Django, a printer) sends through Kasa with an API key as the password. Each message becomes one email
// transaction through email/send's pipeline (submission-endpoint.ts); each refusal is answered as smtp-replies.ts
// says. It faces the internet, so its limits are hard: AUTH only over TLS (or from the machine itself), failed AUTH
// throttled per address, a size past which a message is refused with 552 and never held, sessions capped in all and
// per address, idle and total time limits.
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from "smtp-server";
import { simpleParser } from "mailparser";
import { resolveApiKey } from "../modules/keys/resolve-api-key";
import { authorize } from "../http/authenticate";
import { isAppError } from "../errors/app-error";
import { suppressedAmong } from "../modules/email/suppressions";
import { MAX_RECIPIENTS } from "../modules/email/schemas";
import { logger } from "../lib/logger";
import { smtpReplyFor } from "./smtp-replies";
import { perAddressSessions, sizeCapped, smtpError } from "../lib/smtp-guards";
import { authThrottled, noteAuthFailure } from "./auth-throttle";
import { submissionInput } from "./submission-input";
import { logRefusedMessage, submitMessage } from "./submission-endpoint";
import { parseMailboxes } from "../modules/email/addresses";
import { SUBMISSION_LIMITS } from "./submission-limits";
import { config } from "../config/config";

type Limits = typeof SUBMISSION_LIMITS;

/** What a session holds once AUTH succeeded: the key, to submit each message with. */
type Authenticated = { key: string; accountId: string; mode: "live" | "test" };
/** busy: a message is being sent (the session's time limit waits for it); expired: its time is up. */
type Session = SMTPServerSession & { counted?: boolean; user?: Authenticated; busy?: boolean; expired?: boolean };

export async function startSubmissionServer(options: {
  port: number;
  host?: string;
  /** Implicit TLS (port 465 style), beside STARTTLS on `port`. */
  tlsPort?: number;
  tls: { key: string; cert: string };
  limits?: Partial<Limits>;
  /** AUTH without TLS from the machine itself (default true); tests turn it off to see the refusal on 127.0.0.1. */
  loopbackWithoutTls?: boolean;
  /** Load balancers that send the PROXY protocol header (their addresses). */
  trustedProxies?: string[];
}): Promise<{ port: number; tlsPort?: number; close(): Promise<void> }> {
  const limits = { ...SUBMISSION_LIMITS, ...options.limits };
  const perAddress = perAddressSessions(limits.maxPerAddress);
  const timers = new Map<string, NodeJS.Timeout>();
  const servers: SMTPServer[] = [];
  let processing = 0;
  const handlers: SMTPServerOptions = {
    name: config().KASA_SUBMISSION_HOSTNAME,
    key: options.tls.key,
    cert: options.tls.cert,
    authMethods: ["PLAIN", "LOGIN"],
    // AUTH is refused before TLS in onAuth (loopback excepted), with a reply that says why.
    allowInsecureAuth: true,
    size: limits.maxMessageBytes,
    maxClients: limits.maxClients,
    // The client's name is never used: no reverse lookup to wait for on every connection.
    disableReverseLookup: true,
    // Behind a TCP load balancer speaking the PROXY protocol, the client's own address (for the limits and the
    // AUTH throttle) comes from it; only from these proxies.
    useProxy: options.trustedProxies?.length ? options.trustedProxies : false,
    socketTimeout: limits.idleTimeoutMs,
    closeTimeout: 1_000,
    logger: false,
    disabledCommands: [],
    onConnect: (session: Session, callback) => {
      const refused = perAddress.admit(session);
      if (refused) return callback(refused);
      timers.set(
        session.id,
        setTimeout(() => {
          // Never in the middle of a message: it would be sent and charged while the client is told 421 and retries.
          session.expired = true;
          if (!session.busy) endSession(servers, session.id);
        }, limits.sessionTimeoutMs),
      );
      callback();
    },
    onClose: (session: Session) => {
      clearTimeout(timers.get(session.id));
      timers.delete(session.id);
      perAddress.release(session);
    },
    onAuth: (auth, session, callback) => {
      authenticate(auth.password ?? "", session, options.loopbackWithoutTls ?? true).then(
        (user) => callback(null, { user }),
        (error: Error) => callback(error),
      );
    },
    onRcptTo: (address, session: Session, callback) => {
      if (!isMailbox(address.address))
        return callback(smtpError(553, `5.1.3 INVALID_EMAIL: ${address.address} is not an address Kasa can send to`));
      if (session.envelope.rcptTo.length >= MAX_RECIPIENTS)
        return callback(
          smtpError(
            452,
            `4.5.3 TOO_MANY_RECIPIENTS: at most ${MAX_RECIPIENTS} recipients a message; send the rest in another`,
          ),
        );
      const user = session.user!;
      suppressedAmong({ accountId: user.accountId, addresses: [address.address.toLowerCase()], mode: user.mode }).then(
        (blocked) =>
          callback(
            blocked.size
              ? smtpError(550, `5.1.1 ${address.address} is on this account's suppression list: not sent to`)
              : undefined,
          ),
        () => callback(smtpError(451, "4.3.0 SERVICE_UNAVAILABLE: try again shortly")),
      );
    },
    onData: (stream, session: Session, callback) => {
      // A message is held in memory (several copies) while it is read and sent: this process takes a few at once,
      // and asks the others to come back (452 is "try again", which mail queues do).
      if (processing >= limits.messagesAtOnce) {
        stream.on("end", () =>
          callback(smtpError(452, "4.3.1 SERVICE_UNAVAILABLE: too many messages in progress here; try again shortly")),
        );
        stream.resume();
        return;
      }
      processing++;
      session.busy = true;
      const done = () => {
        processing--;
        session.busy = false;
        if (session.expired) endSession(servers, session.id);
      };
      // Past the size, the rest is read and dropped (the client must be allowed to finish its DATA).
      const capped = sizeCapped(limits.maxMessageBytes);
      const recipients = session.envelope.rcptTo.map((r) => r.address);
      simpleParser(stream.pipe(capped.stream), { skipHtmlToText: true })
        .then(async (mail) => {
          if (stream.sizeExceeded || capped.exceeded()) {
            const error = {
              code: "PAYLOAD_TOO_LARGE",
              message: `the limit is ${limits.maxMessageBytes} bytes a message`,
              status: 413,
            };
            const refused = smtpReplyFor(error);
            await logRefusedMessage(session.user!.key, error, refused);
            throw refused;
          }
          const answer = await submitMessage(session.user!.key, submissionInput(mail, recipients), replyText);
          if (!answer.body.success) throw smtpReplyFor({ ...answer.body.error!, status: answer.status });
          return answer.body.data!.email_id;
        })
        .finally(done)
        .then(
          (emailId) => callback(null, `2.0.0 Queued as ${emailId}`),
          (error: Error & { responseCode?: number }) => {
            // The client may still be writing: read the rest so smtp-server can answer.
            stream.resume();
            if (error.responseCode) return callback(error);
            logger().warn({ err: error }, "smtp submission: message not processed");
            callback(smtpError(451, "4.3.0 Could not process the message; try again shortly"));
          },
        );
    },
  };
  const plain = new SMTPServer({ ...handlers, secure: false });
  servers.push(plain);
  const port = await listen(plain, options.port, options.host);
  let tlsPort: number | undefined;
  if (options.tlsPort !== undefined) {
    const implicit = new SMTPServer({ ...handlers, secure: true });
    servers.push(implicit);
    tlsPort = await listen(implicit, options.tlsPort, options.host);
  }
  return {
    port,
    tlsPort,
    close: async () => {
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}

/** AUTH: any username, an API key with email:send as the password; only over TLS, or from the machine itself. */
async function authenticate(password: string, session: Session, loopbackWithoutTls: boolean): Promise<Authenticated> {
  if (!session.secure && !(loopbackWithoutTls && isLoopback(session.remoteAddress)))
    throw smtpError(538, "5.7.11 Encryption required: send STARTTLS (or use the TLS port) before AUTH");
  if (authThrottled(session.remoteAddress))
    throw smtpError(454, "4.7.0 Too many failed logins from your address; try again later");
  const caller = await resolveApiKey(password.trim()).catch(() => {
    // The key could not be looked up (the database is away): not a wrong password, and no internal detail.
    throw smtpError(454, "4.7.0 SERVICE_UNAVAILABLE: cannot check the key right now; try again shortly");
  });
  if (!caller) {
    noteAuthFailure(session.remoteAddress);
    throw smtpError(535, "5.7.8 UNAUTHORIZED: the password must be an active Kasa API key");
  }
  try {
    authorize(caller, "email:send");
  } catch (error) {
    if (isAppError(error)) throw smtpError(535, `5.7.8 ${error.code}: ${error.message}`);
    throw error;
  }
  return { key: password.trim(), accountId: caller.accountId, mode: caller.mode };
}

/** The reply a request-log line shows: what the client was answered. */
function replyText(answer: unknown, status: number): string {
  const body = answer as { success?: boolean; data?: { email_id?: string }; error?: { code: string; message: string } };
  if (body?.success) return `250 2.0.0 Queued as ${body.data?.email_id}`;
  const reply = smtpReplyFor({
    code: body?.error?.code ?? "INTERNAL_ERROR",
    message: body?.error?.message ?? "",
    status,
  });
  return `${reply.responseCode} ${reply.message}`;
}

/** The API's own address rule (a recipient it would refuse at DATA is refused here, alone). */
function isMailbox(address: string): boolean {
  try {
    return parseMailboxes("to", address).length === 1;
  } catch {
    return false;
  }
}

function isLoopback(address: string): boolean {
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

/** A session past its total time: told why, then closed. */
function endSession(servers: SMTPServer[], id: string) {
  for (const server of servers)
    for (const connection of (server as unknown as { connections: Set<SmtpConnection> }).connections)
      if (connection.id === id) {
        connection.send(421, "4.4.2 Session time limit reached; reconnect to go on");
        connection.close();
      }
}
type SmtpConnection = { id: string; send(code: number, text: string): void; close(): void };

function listen(server: SMTPServer, port: number, host = "0.0.0.0"): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve((server.server.address() as { port: number }).port));
  });
}
