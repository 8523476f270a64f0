import { db } from "../../db/client";
import { emailIdOfBounceAddress, isBounceAddress } from "../email/bounce-address";
import { applyBounce } from "../email/apply-bounce";
import { parseDeliveryStatus } from "./parse-dsn";
import { storeInbound } from "./store-inbound";
import { parseFeedbackReport } from "./parse-feedback";
import { applyComplaint } from "../email/apply-complaint";
import type { InboundMail } from "./read-inbound-mail";
import { contactOfUnsubscribeAddress, isUnsubscribeAddress } from "../contacts/unsubscribe-links";
import { unsubscribeEmail, unsubscribeTarget } from "../contacts/unsubscribe-email";

/** Whether the inbound server should accept mail for this address at RCPT time: a bounce of ours, or a mailbox. */
export async function acceptsRecipient(address: string): Promise<boolean> {
  if (isUnsubscribeAddress(address)) {
    const contactId = contactOfUnsubscribeAddress(address); // null when the signature does not match: forged
    return contactId !== null && (await unsubscribeTarget(contactId)) !== null;
  }
  if (isBounceAddress(address)) {
    const emailId = emailIdOfBounceAddress(address); // null when the signature does not match: forged
    return emailId !== null && (await db().emailMessage.count({ where: { id: emailId } })) > 0;
  }
  return (await db().mailbox.count({ where: { address: address.toLowerCase(), domain: { status: "verified" } } })) > 0;
}

/** A message the inbound server accepted: a bounce or complaint report about one of our messages, or mail for a mailbox. */
export async function receiveMessage(input: { recipients: string[]; mail: InboundMail; sizeBytes: number }) {
  const { mail } = input;
  for (const address of input.recipients) {
    // A broadcast's List-Unsubscribe mailto (docs/decisions.md, "Opt-outs and unsubscribe"): the mail itself is the request.
    const unsubscribing = contactOfUnsubscribeAddress(address);
    if (unsubscribing) await unsubscribeEmail(unsubscribing, "mailto");
    else if (!isBounceAddress(address) && !isUnsubscribeAddress(address))
      await storeInbound({ mailboxAddress: address, mail, sizeBytes: input.sizeBytes });
  }
  // mailparser hands a message/delivery-status part over as text (it is text-like); some
  // senders make it an attachment. Per-recipient DSN blocks are recognisable either way.
  const reportText = mail.report ?? mail.text ?? "";
  const feedback = parseFeedbackReport(reportText);
  const recipients = feedback ? [] : parseDeliveryStatus(reportText);
  for (const address of input.recipients) {
    const emailId = emailIdOfBounceAddress(address);
    if (emailId && feedback)
      await applyComplaint({ emailId, recipient: feedback.recipient, feedbackType: feedback.type });
    else if (emailId && recipients.length) await applyBounce({ emailId, recipients });
  }
}
