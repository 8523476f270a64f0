// Meta's WhatsApp error codes (docs/research/whatsapp.md, sections 0 and 3) as Kasa's failure reasons, each explained
// in a person's words for the failure catalogue (issue #43, point 2): on a failed message's page, in its status answer
// and in whatsapp.failed beside Meta's own code.
import type { Explanation } from "../insights/failure-catalogue";

const REASON_BY_CODE: Record<number, string> = {
  131026: "whatsapp_undeliverable",
  131047: "outside_customer_service_window",
  131049: "whatsapp_engagement_limit",
  131056: "whatsapp_pair_rate_limit",
  130429: "whatsapp_rate_limit",
  131051: "whatsapp_unsupported_type",
  132000: "template_variables",
  132001: "template_not_found",
  132015: "template_paused",
  132016: "template_paused",
  368: "whatsapp_policy_block",
  190: "meta_token_invalid",
  0: "meta_token_invalid",
};

/** The reason Kasa gives for a Meta error code (null: a failure with no code, such as Meta not answering). */
export function metaFailureReason(code: number | null | undefined): string {
  if (code === null || code === undefined) return "whatsapp_failed";
  return REASON_BY_CODE[code] ?? "whatsapp_failed";
}

export const WHATSAPP_FAILURES: Record<string, Explanation> = {
  whatsapp_undeliverable: {
    title: "Not deliverable on WhatsApp",
    meaning:
      "Meta could not deliver it (error 131026): the number is not on WhatsApp, runs an old version, or has not accepted WhatsApp's terms.",
    action: "Send it by SMS instead (Verify's channel auto does this for codes).",
  },
  outside_customer_service_window: {
    title: "Outside the 24-hour window",
    meaning: "A free-form message is allowed only within 24 hours of the person's last message to your number.",
    action: "Send an approved template instead; a reply from the person opens the window again.",
  },
  whatsapp_engagement_limit: {
    title: "Held back by Meta",
    meaning:
      "Meta did not deliver this marketing message to keep the person's inbox healthy (error 131049); it limits how many they get.",
    action: "Do not retry at once; send fewer marketing messages to people who do not engage.",
  },
  whatsapp_pair_rate_limit: {
    title: "Too many messages to one person",
    meaning: "Meta allows about one message every 6 seconds from a number to the same person (error 131056).",
    action: "Wait a few seconds and send again.",
  },
  whatsapp_rate_limit: {
    title: "Number's throughput reached",
    meaning: "The number sent more messages per second than Meta allows it (error 130429).",
    action: "Send again shortly, or spread the sends out.",
  },
  whatsapp_unsupported_type: {
    title: "Message type not supported",
    meaning: "Meta does not accept this kind of message for that recipient (error 131051).",
    action: "Send text or an approved template.",
  },
  template_variables: {
    title: "Wrong number of template variables",
    meaning: "The variables given do not match the template's {{1}}, {{2}}... (error 132000).",
    action: "Give one variable per placeholder, in order (GET /api/v1/whatsapp/templates says how many).",
  },
  template_not_found: {
    title: "Template not approved in that language",
    meaning: "Meta has no approved template with that name and language (error 132001).",
    action: "Check the name and language against GET /api/v1/whatsapp/templates; only APPROVED ones send.",
  },
  template_paused: {
    title: "Template paused or disabled",
    meaning: "Meta paused or disabled the template after poor feedback from recipients (error 132015 or 132016).",
    action: "Edit the template in WhatsApp Manager, or use another one.",
  },
  whatsapp_policy_block: {
    title: "Number blocked by Meta",
    meaning: "Meta temporarily blocked the number for a policy violation (error 368).",
    action: "Check the number's status in WhatsApp Manager and its policy notices.",
  },
  meta_token_invalid: {
    title: "Meta refused the access token",
    meaning: "The system user's token for the number expired or was revoked (error 190).",
    action: "Make a new permanent token in Meta's Business settings and connect the number again.",
  },
  meta_unavailable: {
    title: "Meta did not answer",
    meaning: "Meta's Graph API could not be reached or did not answer in time; nothing was charged.",
    action: "Send again with the same idempotency key.",
  },
  whatsapp_failed: {
    title: "WhatsApp failed",
    meaning: "Meta reported the message failed without a code Kasa knows.",
    action: "Read Meta's message beside it; tell support with the transaction id if it repeats.",
  },
};
