// What every email transport speaks (the sandbox, SMTP to a relay). Transports never touch the database.
export type OutboundEmail = {
  messageId: string;
  /** The envelope sender (Return-Path): where bounces go. */
  envelopeFrom?: string;
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo?: string;
  subject: string;
  html?: string;
  text?: string;
  attachments: { filename: string; content: Buffer }[];
  headers: Record<string, string>;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** RFC 3461: asked of a relay that advertises DSN; ENVID names the message in every report. */
  dsn?: { envelopeId: string; notify: ("SUCCESS" | "FAILURE" | "DELAY")[] };
};

export type SentEmail = {
  messageId: string;
  /** The relay advertised DSN, so the delivery reports asked for will come (email.delivered among them). */
  deliveryReports: boolean;
};

export interface EmailTransport {
  readonly name: string;
  send(message: OutboundEmail): Promise<SentEmail>;
}

/** The relay refused this message with a reason (a 5xx reply): sending it unchanged fails again. */
export class EmailRejected extends Error {
  constructor(
    message: string,
    readonly smtpCode?: number,
  ) {
    super(message);
  }
}

/** The relay could not be reached, timed out, or answered with a temporary error. */
export class EmailUnavailable extends Error {}
