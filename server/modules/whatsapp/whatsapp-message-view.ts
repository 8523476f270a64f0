// A WhatsApp message as the send's answer, GET /api/v1/whatsapp/messages, the dashboard and its events show it.
import type { WhatsappMessage } from "../../db/generated/client";
import { toAmountNumber } from "../../lib/money";
import { explainFailure } from "../insights/failure-catalogue";
import { metaFailureReason } from "./meta-failures";
import { mediaLink } from "./media-links";

/** `numberDisplay`: the number's display phone number (the business side of the conversation). */
export function whatsappMessageView(m: WhatsappMessage, numberDisplay: string | null = null) {
  const outbound = m.direction === "outbound";
  const media = (m.media ?? null) as { link?: string; id?: string } | null;
  // Outbound: the link the customer gave; inbound: a Kasa link to the person's file at Meta.
  const mediaUrl = outbound
    ? (media?.link ?? null)
    : media?.id && m.mode === "live"
      ? mediaLink(m.id, m.createdAt)
      : null;
  return {
    transaction_id: m.id,
    message_id: m.wamid,
    direction: m.direction as "outbound" | "inbound",
    status: m.status as "pending" | "unknown" | "sent" | "delivered" | "read" | "failed" | "received",
    number_id: m.numberId,
    to: outbound ? m.contact : numberDisplay,
    from: outbound ? numberDisplay : m.contact,
    type: m.kind,
    template: m.templateName ? { name: m.templateName, language: m.templateLanguage ?? "" } : null,
    category: m.category,
    body: m.body,
    media_url: mediaUrl,
    profile_name: m.profileName,
    price: { amount: toAmountNumber(m.priceMicros), currency: m.currency },
    reference: m.reference,
    error:
      m.status === "failed"
        ? {
            code: m.errorCode,
            message: m.errorMessage ?? "Failed",
            explanation: explainFailure(m.errorCode === null ? failureWithoutCode(m) : metaFailureReason(m.errorCode)),
          }
        : null,
    created_at: m.createdAt.toISOString(),
    delivered_at: m.deliveredAt?.toISOString() ?? null,
    read_at: m.readAt?.toISOString() ?? null,
  };
}

/** A failure Meta gave no code for: Kasa's own (the request ran out of time, or Meta did not answer). */
function failureWithoutCode(m: WhatsappMessage): string {
  return m.errorMessage?.startsWith("Not sent") ? "not_sent" : "meta_unavailable";
}

/** What whatsapp.* events carry: the message, with `reason` beside Meta's code when it failed. */
export function whatsappEventData(m: WhatsappMessage, numberDisplay: string | null = null) {
  const view = whatsappMessageView(m, numberDisplay);
  return {
    ...view,
    type: "whatsapp",
    message_type: view.type,
    ...(m.status === "failed"
      ? { reason: m.errorCode === null ? failureWithoutCode(m) : metaFailureReason(m.errorCode) }
      : {}),
    timestamp: m.updatedAt.toISOString(),
  };
}
