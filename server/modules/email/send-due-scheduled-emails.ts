// The worker's scheduled-email job (every second): messages whose time has
// come are claimed and handed to the relay, never twice. The claim is one
// statement that moves the message scheduled -> pending and takes its content
// out of scheduled_email_contents, under SKIP LOCKED, so two workers never
// claim the same message and a cancel either wins before it or finds it gone.
// From pending on, a message is like one sent at once: a worker that dies
// before settling leaves it to the recovery job (settle-stuck-sends.ts).
import { sql, db } from "../../db/client";
import type { EmailMessage } from "../../db/generated/client";
import { writeOrRetryLater } from "../../db/write-or-retry";
import { emailTransportFor } from "../../providers/email";
import { SANDBOX_SENDER } from "./resolve-sender";
import { unsignedDomain } from "./unsigned-domain";
import { parseMailboxes } from "./addresses";
import { applySandboxOutcome } from "./apply-sandbox-outcome";
import { settleEmail, type StoredEmailContent } from "./email-store";
import { handToRelay } from "./hand-to-relay";
import { emailChargeReason } from "./pricing";

const BATCH = 20;

type Claimed = StoredEmailContent & { email_id: string };

export async function sendDueScheduledEmails(now = new Date()): Promise<number> {
  const { rows } = await sql().query<Claimed>(
    `WITH due AS (
       SELECT email_id FROM scheduled_email_contents WHERE send_at <= $1 ORDER BY send_at LIMIT $2 FOR UPDATE SKIP LOCKED),
     taken AS (DELETE FROM scheduled_email_contents c USING due WHERE c.email_id = due.email_id RETURNING c.*),
     moved AS (UPDATE email_messages e SET status = 'pending', updated_at = now()
       FROM taken WHERE e.id = taken.email_id AND e.status = 'scheduled' RETURNING e.id)
     SELECT taken.* FROM taken JOIN moved ON moved.id = taken.email_id`,
    [now, BATCH],
  );
  if (rows.length === 0) return 0;
  const emails = await db().emailMessage.findMany({ where: { id: { in: rows.map((r) => r.email_id) } } });
  const byId = new Map(emails.map((e) => [e.id, e]));
  // The transport's pool bounds the connections: the claimed messages go out together.
  await Promise.all(rows.map((row) => sendClaimed(byId.get(row.email_id)!, row)));
  return rows.length;
}

async function sendClaimed(email: EmailMessage, content: StoredEmailContent): Promise<void> {
  const reason = emailChargeReason(email.recipients);
  const [from] = parseMailboxes("from", email.sender);
  const domainName = from!.address.split("@")[1]!;
  // The domain was verified when the message was accepted; a domain removed since cannot sign it. A test message
  // from the sandbox sender has none to look up.
  const domain =
    email.mode === "test" && from!.address === SANDBOX_SENDER
      ? unsignedDomain(domainName)
      : await db().senderDomain.findFirst({
          where: { accountId: email.accountId, name: domainName, status: "verified" },
        });
  const transport = emailTransportFor(email.mode);
  if (!domain || !transport) {
    Object.assign(email, {
      status: "failed",
      errorCode: domain ? "relay_unavailable" : "sender_domain_unverified",
      errorMessage: domain
        ? "Live email is no longer configured on this deployment"
        : `${domainName} is no longer a verified sender domain on this account`,
      updatedAt: new Date(),
    });
  } else {
    await handToRelay({
      email,
      content: {
        html: content.html ?? undefined,
        text: content.text ?? undefined,
        headers: content.headers,
        attachments: content.attachments.map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.content, "base64"),
        })),
      },
      domain,
      transport,
    });
  }
  const failed = email.status === "failed";
  await writeOrRetryLater(`settle scheduled ${email.transactionId}`, () =>
    settleEmail(email, failed ? `Refund: ${reason}` : reason),
  );
  if (!failed && email.mode === "test") await applySandboxOutcome(email);
}
