// One recipient of a broadcast: its message personalised and sent as an
// ordinary SMS or email transaction (sender and content rules, the suppression
// list, the ledger, receipts and webhooks), with the transaction id its claim
// recorded. Returns what became of it; a balance too short is the broadcast's
// problem, not the recipient's, and is reported as such.
import { db } from "../../db/client";
import { isAppError, type AppError } from "../../errors/app-error";
import type { Broadcast } from "../../db/generated/client";
import type { ApiCaller } from "../keys/resolve-api-key";
import { prepareSms, sendSms } from "../sms/send-sms";
import { prepareEmail } from "../email/prepare-email";
import { sendEmail } from "../email/send-email";
import { renderTemplate } from "../templates/render-template";
import { listUnsubscribeHeaders } from "../contacts/unsubscribe-links";
import { bounceHostOf } from "../domains/dns-records";
import { consentCountries } from "../coverage/consent-countries";
import { hasConsent } from "../contacts/consent";
import { normalizePhone } from "../contacts/normalize-contact";

function destinationCountry(phone: string): string | null {
  const parsed = normalizePhone(phone);
  return "reason" in parsed ? null : (parsed.countryIso ?? null);
}

export type RecipientOutcome =
  | { status: "sent" }
  | { status: "failed" | "skipped_unsubscribed" | "skipped_invalid" | "skipped_network" | "no_consent"; error: string }
  /** Its country's window closed since it was claimed: queued again, for the next opening, under that country. */
  | { status: "wait"; country: string | null }
  /** The broadcast's problem, not this recipient's: it pauses with this reason and the recipient waits. */
  | { status: "halt"; reason: "insufficient_balance" | "service_unavailable" | "carrier_unavailable" };

export async function sendToRecipient({
  broadcast: b,
  contactId,
  transactionId,
  caller,
  emailConsentRequired = false,
}: {
  broadcast: Broadcast;
  contactId: string;
  transactionId: string;
  caller: ApiCaller;
  /** The account sends promotional email only to contacts with email consent on record. */
  emailConsentRequired?: boolean;
}): Promise<RecipientOutcome> {
  const contact = await db().contact.findUnique({ where: { id: contactId } });
  if (!contact) return { status: "skipped_invalid", error: "the contact was deleted" };
  const values = { ...contact, attributes: contact.attributes as Record<string, string> };
  try {
    if (b.channel === "sms") {
      if (!contact.phone) return { status: "skipped_invalid", error: "no phone number" };
      if (contact.smsUnsubscribedAt) return { status: "skipped_unsubscribed", error: "replied STOP" };
      // The destination's country, read from the number itself (not the contact's stored country, which may be
      // stale or missing): consent is asked for where the message goes.
      const destination = destinationCountry(contact.phone) ?? contact.countryIso;
      if (
        !hasConsent(contact, "sms") &&
        !b.consentHeldElsewhere &&
        destination !== null &&
        (await consentCountries(b.category)).has(destination)
      )
        return { status: "no_consent", error: `no SMS consent on record, which ${destination} asks for` };
      const input = {
        to: contact.phone,
        message: renderTemplate({ text: b.body!, contact: values }),
        from: b.sender ?? undefined,
        category: b.category as "promotional" | "transactional",
        reference: b.id,
        sender_fallback: b.senderFallback || undefined,
        // Made for this recipient alone: a click names who followed it.
        shorten_links: b.shortenLinks || undefined,
        // A broadcast waits for a window itself (run-broadcasts.ts): one message is never scheduled on its own.
        outside_window: "refuse" as const,
      };
      await sendSms({
        input,
        plan: await prepareSms(input, caller),
        caller,
        options: {
          id: transactionId,
          broadcastId: b.id,
        },
      });
      return { status: "sent" };
    }
    if (!contact.email) return { status: "skipped_invalid", error: "no email address" };
    if (contact.emailUnsubscribedAt) return { status: "skipped_unsubscribed", error: "unsubscribed" };
    if (emailConsentRequired && !hasConsent(contact, "email") && !b.consentHeldElsewhere)
      return { status: "no_consent", error: "no email consent on record, which this account asks for" };
    const input = {
      to: contact.email,
      from: b.sender ?? undefined,
      subject: renderTemplate({ text: b.subject!, contact: values }),
      html: b.html === null ? undefined : renderTemplate({ text: b.html, contact: values, options: { html: true } }),
      text: b.text === null ? undefined : renderTemplate({ text: b.text, contact: values }),
      tags: [{ name: "broadcast_id", value: b.id }],
    };
    const plan = await prepareEmail(input, caller);
    // On the account's suppression list (a bounce, a complaint, or put there): not mailed, no message made, counted
    // with those who left (docs/decisions.md).
    if (plan.suppressed.length) return { status: "skipped_unsubscribed", error: "on the account's suppression list" };
    // RFC 2369 and RFC 8058: every broadcast email says how to leave, in one click.
    plan.headers = { ...plan.headers, ...listUnsubscribeHeaders(contact.id, bounceHostOf(plan.domain)) };
    await sendEmail({ input, plan, caller, options: { transactionId, broadcastId: b.id } });
    return { status: "sent" };
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "SMS_SEND_FAILED" && error.context.reason === "content_rule")
      return { status: "wait", country: typeof error.context.country === "string" ? error.context.country : null };
    const halt = haltReason(error);
    if (halt) return { status: "halt", reason: halt };
    // The sender ID is not approved on this recipient's network (and the broadcast did not ask for the fallback).
    if (error.context.reason === "sender_id_not_approved_on_network")
      return { status: "skipped_network", error: `${error.code}: ${error.message}` };
    const invalid = ["INVALID_PHONE_NUMBER", "INVALID_EMAIL", "MESSAGE_TOO_LONG"].includes(error.code);
    return { status: invalid ? "skipped_invalid" : "failed", error: `${error.code}: ${error.message}` };
  }
}

/**
 * What stops the whole broadcast rather than fail one recipient (each would fail alike): no balance, a service not
 * configured, the carriers or relay failing (503). A failed message stays as the history it is, refunded; the
 * recipient is queued again.
 */
function haltReason(error: AppError) {
  if (error.code === "INSUFFICIENT_BALANCE") return "insufficient_balance" as const;
  if (error.code === "SERVICE_UNAVAILABLE") return "service_unavailable" as const;
  if ((error.code === "SMS_SEND_FAILED" || error.code === "EMAIL_SEND_FAILED") && error.status === 503)
    return "carrier_unavailable" as const;
  return null;
}
