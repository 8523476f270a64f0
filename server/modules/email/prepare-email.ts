// POST /api/v1/email/send, the checks (SPEC 4.1): pure validation, in the
// order a caller fixes them; nothing is written.
import { AppError } from "../../errors/app-error";
import type { ApiCaller } from "../keys/resolve-api-key";
import { emailTransportFor, type EmailTransport } from "../../providers/email";
import type { SenderDomain } from "../../db/generated/client";
import { formatMailbox, parseMailboxes, type Mailbox } from "./addresses";
import { checkCustomHeaders } from "./check-headers";
import { decodeAttachments } from "./decode-attachments";
import { resolveSender } from "./resolve-sender";
import { MAX_RECIPIENTS, type SendEmailInput } from "./schemas";
import { EMAIL_PRICE_PER_RECIPIENT_MICROS } from "./pricing";
import { suppressedAmong } from "./suppressions";
import type { Dkim } from "./message-identity";

export type EmailPlan = {
  from: Mailbox;
  domain: SenderDomain;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  replyTo?: Mailbox;
  attachments: { filename: string; content: Buffer }[];
  headers: Record<string, string>;
  /** Recipients on the account's suppression list: not sent to, not charged. */
  suppressed: string[];
  priceMicros: bigint;
  transport: EmailTransport;
  /** Omitted: the domain's own key signs. null: no DKIM from Kasa (the deployment's own sender, whose relay signs). */
  dkim?: Dkim | null;
  /** scheduled_at when it is still ahead: the message waits for the worker. */
  sendAt?: Date;
};

export async function prepareEmail(input: SendEmailInput, caller: ApiCaller): Promise<EmailPlan> {
  if (!input.html && !input.text) throw new AppError("MISSING_CONTENT", { message: "Send html, text or both" });
  const to = parseMailboxes("to", input.to);
  const cc = parseMailboxes("cc", input.cc);
  const bcc = parseMailboxes("bcc", input.bcc);
  if (to.length === 0) throw new AppError("NO_RECIPIENTS", { message: "to resolves to no address" });
  const recipients = to.length + cc.length + bcc.length;
  if (recipients > MAX_RECIPIENTS) {
    throw new AppError("TOO_MANY_RECIPIENTS", {
      message: `${recipients} recipients across to, cc and bcc; the limit is ${MAX_RECIPIENTS}`,
      context: { limit: MAX_RECIPIENTS, recipients },
    });
  }
  const replyTo = input.replyTo === undefined ? undefined : parseMailboxes("replyTo", input.replyTo)[0];
  const headers = checkCustomHeaders(input.headers);
  const attachments = decodeAttachments(input.attachments);
  const { mailbox: from, domain } = await resolveSender({
    accountId: caller.accountId,
    mode: caller.mode,
    from: input.from,
  });
  const transport = requireEmailTransport(caller.mode);
  const blocked = await suppressedAmong({
    accountId: caller.accountId,
    addresses: [...to, ...cc, ...bcc].map((m) => m.address),
    mode: caller.mode,
  });
  const keep = (list: Mailbox[]) => list.filter((m) => !blocked.has(m.address));
  const deliverable = keep(to).length + keep(cc).length + keep(bcc).length;
  return {
    from,
    domain,
    to: keep(to),
    cc: keep(cc),
    bcc: keep(bcc),
    replyTo,
    attachments,
    headers,
    suppressed: [...blocked],
    priceMicros: EMAIL_PRICE_PER_RECIPIENT_MICROS * BigInt(deliverable),
    transport,
    sendAt: laterThanNow(input.scheduled_at),
  };
}

// A time not after now is "send now" (docs/decisions.md): a clock a little behind ours must not fail the send.
function laterThanNow(scheduledAt: string | undefined): Date | undefined {
  if (!scheduledAt) return undefined;
  const at = new Date(scheduledAt);
  return at.getTime() > Date.now() ? at : undefined;
}

export const formatList = (mailboxes: Mailbox[]) => mailboxes.map(formatMailbox);

/** The relay this key's mode sends through; SERVICE_UNAVAILABLE where live email is not configured. */
export function requireEmailTransport(mode: "live" | "test"): EmailTransport {
  const transport = emailTransportFor(mode);
  if (!transport)
    throw new AppError("SERVICE_UNAVAILABLE", {
      message: "Live email is not configured on this deployment; nothing was charged",
      context: { service: "email" },
    });
  return transport;
}
