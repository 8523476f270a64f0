// Every event name a webhook may subscribe to (SPEC 6.1), and "*" for all.
export const EMAIL_EVENTS = [
  "email.sent",
  "email.delivered",
  "email.bounced",
  "email.complained",
  "email.opened",
  "email.clicked",
  "email.delivery_delayed",
  "email.failed",
  "email.scheduled",
  "email.suppressed",
  "email.received",
] as const;
export const OTHER_EVENTS = [
  "sms.sent",
  "sms.delivered",
  "sms.failed",
  "airtime.success",
  "airtime.failed",
  "data.purchased",
  "data.delivered",
  "data.success",
  "data.failed",
] as const;
// Beyond SPEC's list (which SPEC 9.4 says grows; docs/decisions.md, "Webhooks"): a reply to an SMS ("Senders,
// content rules and replies"), a low balance ("Money in") and a scheduled email cancelled before it left ("Tracking
// and scheduling"). Verify's ("Verify"): a code approved, a verification failed by wrong codes, a number block
// paused by the fraud guard. A network's decision on a sender ID ("Networks and lookup"). A promotional SMS waiting for
// its country's window, and one cancelled before it left ("Windows and consent"). A person's first click on an SMS
// short link ("Insights"). A USSD session's end, with its hops ("USSD"). A WhatsApp template's status changed at
// Meta, and a WhatsApp message's statuses and the messages people send ("WhatsApp").
export const ADDED_EVENTS = [
  "sms.received",
  "balance.low",
  "email.cancelled",
  "verify.approved",
  "verify.failed",
  "verify.blocked",
  "contact.unsubscribed",
  "contact.subscribed",
  "sender_id.approved",
  "sender_id.rejected",
  "sms.scheduled",
  "sms.cancelled",
  "sms.clicked",
  "ussd.session.ended",
  "whatsapp.template_updated",
  "whatsapp.sent",
  "whatsapp.delivered",
  "whatsapp.read",
  "whatsapp.failed",
  "whatsapp.received",
] as const;
export const WEBHOOK_EVENTS: readonly string[] = [...EMAIL_EVENTS, ...OTHER_EVENTS, ...ADDED_EVENTS];
export const ALL_EVENTS = "*";

/** One line per event, for the dashboard's event picker (SPEC 6.1's meanings, and ours for the added ones). */
export const EVENT_DESCRIPTIONS: Record<string, string> = {
  "email.sent": "Accepted and handed to the mail relay",
  "email.delivered": "The recipient's server took it",
  "email.bounced": "The recipient's server refused it (hard or soft)",
  "email.complained": "The recipient marked it as spam",
  "email.opened": "The tracking image was loaded (open tracking)",
  "email.clicked": "A tracked link was followed (click tracking)",
  "email.delivery_delayed": "Deferred, still being retried",
  "email.failed": "The send itself failed; it never left",
  "email.scheduled": "Accepted for a later time",
  "email.cancelled": "A scheduled message was cancelled before it left",
  "email.suppressed": "Not sent to addresses on the suppression list",
  "email.received": "Mail arrived at one of your mailboxes",
  "sms.sent": "Handed to the carrier",
  "sms.delivered": "The handset received it",
  "sms.failed": "The carrier could not deliver it",
  "sms.received": "A reply to one of your messages",
  "sms.scheduled": "Waiting for its country's sending window (data.scheduled_at)",
  "sms.cancelled": "A scheduled message was cancelled before it left",
  "sms.clicked": "A short link was followed, the message's first click (data.url, data.short_url)",
  "ussd.session.ended": "A USSD session ended (data.ended_reason), with its hops (data.hop_list)",
  "whatsapp.template_updated": "Meta changed a WhatsApp template's status (data.status, data.previous_status)",
  "whatsapp.sent": "Meta took the message",
  "whatsapp.delivered": "The person's phone received it (the price is charged)",
  "whatsapp.read": "The person opened it (when their read receipts are on)",
  "whatsapp.failed": "Meta could not send or deliver it (data.error, data.reason); refunded",
  "whatsapp.received": "A person wrote to your number (data.body); it opens the 24-hour window",
  "data.purchased": "A data bundle was bought",
  "data.delivered": "The bundle reached the phone",
  "data.success": "The purchase completed",
  "data.failed": "The purchase failed; the money came back",
  "airtime.success": "Airtime reached the phone",
  "airtime.failed": "The top-up failed; the money came back",
  "balance.low": "A charge took the balance under your alert",
  "verify.approved": "A one-time code was checked and approved",
  "verify.failed": "A verification took five wrong codes",
  "verify.blocked": "The fraud guard paused codes to a block of numbers",
  "contact.unsubscribed": "A contact replied STOP or unsubscribed from broadcast email",
  "contact.subscribed": "A contact replied START: broadcasts reach it again",
  "sender_id.approved": "A network approved one of your sender IDs (data.network names it)",
  "sender_id.rejected": "A network rejected one of your sender IDs, with its reason",
};

/** The events by channel (the part before the dot), in the order of WEBHOOK_EVENTS. */
export function eventsByChannel(): { channel: string; events: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const name of WEBHOOK_EVENTS) {
    const channel = name.split(".")[0]!;
    groups.set(channel, [...(groups.get(channel) ?? []), name]);
  }
  return [...groups].map(([channel, events]) => ({ channel, events }));
}
