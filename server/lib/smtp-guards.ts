// What both of Kasa's SMTP servers (inbound mail, and the submission service) guard themselves with: a reply error
// smtp-server sends as is, a cap on sessions from one address, and a size past which the rest of a message is read
// and dropped rather than held.
import { Transform } from "node:stream";
import type { SMTPServerSession } from "smtp-server";

export type SmtpError = Error & { responseCode: number };

export function smtpError(code: number, text: string): SmtpError {
  return Object.assign(new Error(text), { responseCode: code });
}

type Counted = SMTPServerSession & { counted?: boolean };

/** onConnect refuses a session past `max` from its address (421, retry later); onClose gives its place back. */
export function perAddressSessions(max: number) {
  const open = new Map<string, number>();
  return {
    /** The refusal, or undefined when the session may go on (it is then counted). */
    admit(session: Counted): SmtpError | undefined {
      const count = (open.get(session.remoteAddress) ?? 0) + 1;
      if (count > max) return smtpError(421, "4.7.0 Too many connections from your address; try again later");
      open.set(session.remoteAddress, count);
      session.counted = true;
      return undefined;
    },
    release(session: Counted): void {
      if (!session.counted) return;
      const count = (open.get(session.remoteAddress) ?? 1) - 1;
      if (count > 0) open.set(session.remoteAddress, count);
      else open.delete(session.remoteAddress);
    },
  };
}

/** A pass-through that stops passing after `maxBytes` (the client must still be let finish its DATA). */
export function sizeCapped(maxBytes: number): { stream: Transform; exceeded: () => boolean; size: () => number } {
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, size > maxBytes ? undefined : chunk);
    },
  });
  return { stream, exceeded: () => size > maxBytes, size: () => size };
}
