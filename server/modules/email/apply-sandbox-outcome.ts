import { db } from "../../db/client";
import type { EmailMessage } from "../../db/generated/client";
import { SANDBOX_EMAIL } from "../../providers/email";
import { applyBounce } from "./apply-bounce";
import { emailEventData } from "./email-store";
import { parseMailboxes } from "./addresses";

/**
 * What happens after a sandbox send, as a real recipient's server would make
 * it happen: bounced@ bounces (and is suppressed), complained@ complains (and
 * is suppressed), delayed@ is deferred, anyone else is delivered.
 */
export async function applySandboxOutcome(email: EmailMessage): Promise<void> {
  const recipients = parseMailboxes("to", [...email.toAddresses, ...email.ccAddresses, ...email.bccAddresses]).map(
    (m) => m.address,
  );
  const simulated = (address: string, action: string, status: string, text: string) => ({
    recipient: address,
    action,
    status,
    diagnostic: `${text} (simulated)`,
  });
  if (recipients.includes(SANDBOX_EMAIL.bounced)) {
    await applyBounce({
      emailId: email.id,
      recipients: [simulated(SANDBOX_EMAIL.bounced, "failed", "5.1.1", "550 5.1.1 User unknown")],
    });
    return;
  }
  if (recipients.includes(SANDBOX_EMAIL.delayed)) {
    await applyBounce({
      emailId: email.id,
      recipients: [simulated(SANDBOX_EMAIL.delayed, "delayed", "4.4.1", "451 4.4.1 Mailbox temporarily unavailable")],
    });
    return;
  }
  const complained = recipients.includes(SANDBOX_EMAIL.complained);
  await db().$transaction(async (tx) => {
    const now = new Date();
    await tx.emailMessage.update({
      where: { id: email.id },
      data: { status: "delivered", deliveredAt: now, updatedAt: now },
    });
    const data = {
      ...emailEventData({ ...email, status: "delivered", updatedAt: now }),
      detail: "250 2.0.0 Accepted by the recipient's server (simulated)",
    };
    await tx.event.createMany({
      data: [{ accountId: email.accountId, transactionId: email.transactionId, event: "email.delivered", data }],
      skipDuplicates: true,
    });
    if (complained) {
      await tx.event.createMany({
        data: [
          {
            accountId: email.accountId,
            transactionId: email.transactionId,
            event: "email.complained",
            data: { ...data, detail: "Marked as spam by the recipient (simulated)" },
          },
        ],
        skipDuplicates: true,
      });
      await tx.suppression.createMany({
        data: [
          {
            accountId: email.accountId,
            address: SANDBOX_EMAIL.complained,
            reason: "complaint",
            sourceEmailId: email.id,
          },
        ],
        skipDuplicates: true,
      });
    }
  });
}
