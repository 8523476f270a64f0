// Why a message failed, in a person's words (issue #43, point 2): every
// reason Kasa stores (the carriers' codes are mapped to one vocabulary in
// providers/sms/failure-reasons.ts; Kasa's own outcomes and email's are named
// where they happen) has an entry: a short title, what it usually means, and
// what the customer can do. Shown on a message's page, and beside the raw
// code in status answers and events. Says only what Kasa does: it does not
// retry a message a carrier failed.
import { z } from "zod";
import { FAILURE_REASONS } from "../../providers/sms/failure-reasons";
import { WHATSAPP_FAILURES } from "../whatsapp/meta-failures";

export type Explanation = { title: string; meaning: string; action: string };

const SMS: Record<(typeof FAILURE_REASONS)[number], Explanation> = {
  opted_out: {
    title: "The person opted out",
    meaning: "They asked their network, or you, to stop messages from this sender (STOP, do-not-disturb).",
    action: "Do not send promotion again; only messages they asked for, if their network allows it.",
  },
  absent_subscriber: {
    title: "Phone off or out of coverage",
    meaning: "The network kept the message while the phone was unreachable, then gave up at the end of its validity.",
    action: "Send again later, or reach them another way (email, a call).",
  },
  unknown_subscriber: {
    title: "The number does not exist",
    meaning: "The network has no line with this number: mistyped, never issued, or disconnected.",
    action: "Check the number with the person; a number lookup says whether it is valid and on which network.",
  },
  invalid_sender_id: {
    title: "Sender ID not accepted",
    meaning: "The destination network refused the sender name (not registered or not approved there).",
    action: "Register the sender ID for that country and its networks, or send with the default sender.",
  },
  invalid_destination: {
    title: "Not a number that takes SMS",
    meaning: "The network refused the destination: a landline, a short code, or a malformed number.",
    action: "Use the person's mobile number, in E.164 form (+233241234567).",
  },
  blocked: {
    title: "Blocked by the network",
    meaning: "The network's filter stopped it (content it took for spam or fraud, or a sender it does not trust).",
    action: "Avoid link shorteners and all-caps, use a registered sender ID, and send promotion as promotional.",
  },
  expired: {
    title: "Expired before delivery",
    meaning: "The network could not deliver within the message's validity period.",
    action: "Send again later; if many expire on one network, tell support.",
  },
  rejected: {
    title: "Refused by the carrier",
    meaning: "The carrier refused the message without a more specific reason.",
    action: "Check the sender and content; if it repeats for one network, tell support with the transaction id.",
  },
  network_error: {
    title: "Network fault",
    meaning: "A fault between networks stopped the message; it is usually temporary.",
    action: "Send again in a few minutes.",
  },
  handset_error: {
    title: "The phone could not take it",
    meaning: "The phone refused the message (its memory full, or a fault on the handset).",
    action: "Ask the person to free space on their phone, then send again.",
  },
  undelivered: {
    title: "Not delivered",
    meaning: "The network reported it undelivered without saying why.",
    action: "Send again later; if it repeats, check the number with a lookup.",
  },
};

/** Kasa's own outcomes (error codes it sets), SMS and email. */
const KASA: Record<string, Explanation> = {
  not_sent: {
    title: "Not sent",
    meaning: "Kasa did not hand it to a carrier (the request ran out of time, or sending was no longer possible).",
    action: "Nothing was charged; send it again.",
  },
  carrier_unavailable: {
    title: "Carriers unavailable",
    meaning: "Every carrier on the route was failing when it was sent; it was refunded.",
    action: "Send again with the same idempotency key; Kasa's status page says when carriers recover.",
  },
  carrier_rejected: {
    title: "Refused by the carrier",
    meaning: "The carrier refused the message when it was handed over.",
    action: "Check the sender ID and the number; the reason beside it says more when the carrier gave one.",
  },
  sender_id_not_approved_on_network: {
    title: "Sender ID not approved on that network",
    meaning: "The number's network has not approved your sender ID, and would drop the message.",
    action: "Register the sender ID with that network, or send with sender_fallback for the default sender.",
  },
  bounced: {
    title: "Bounced",
    meaning: "The recipient's mail server refused the message (the address does not exist, or its mailbox is full).",
    action: "Check the address; a hard bounce puts it on your suppression list.",
  },
  suppressed: {
    title: "On your suppression list",
    meaning: "An earlier hard bounce or spam complaint put the address on your suppression list, so it was not sent.",
    action: "Remove it from the list only if the person asks you to write again.",
  },
  relay_rejected: {
    title: "Refused by the mail relay",
    meaning: "The outgoing mail relay refused the message (its content, size or sender).",
    action: "Check the sender domain's records and the message's size; nothing was charged.",
  },
  relay_unavailable: {
    title: "Mail relay unavailable",
    meaning: "The outgoing mail relay could not be reached; the message was refunded.",
    action: "Send again with the same idempotency key.",
  },
  sender_domain_unverified: {
    title: "Sender domain not verified",
    meaning: "The domain in From was not (or no longer) verified on this account when it was due to be sent.",
    action: "Verify the domain on the Domains page, then send again.",
  },
  failed: {
    title: "Failed",
    meaning: "The message could not be sent.",
    action: "Open the message's events for the detail; send again, or tell support with the transaction id.",
  },
};

/** The explanation of a stored reason or error code; an unknown one gets the generic entry, never nothing. */
export function explainFailure(reason: string | null | undefined): Explanation {
  if (!reason) return KASA.failed!;
  return (SMS as Record<string, Explanation>)[reason] ?? KASA[reason] ?? WHATSAPP_FAILURES[reason] ?? KASA.failed!;
}

/** Every reason the catalogue names (its test holds every stored reason to an entry). */
export const EXPLAINED_REASONS = [...Object.keys(SMS), ...Object.keys(KASA), ...Object.keys(WHATSAPP_FAILURES)];

/** The explanation as answers carry it beside the raw code. */
export const explanationAnswer = z
  .object({ title: z.string(), meaning: z.string(), action: z.string() })
  .describe("Why it failed in plain words, and what to do about it");
