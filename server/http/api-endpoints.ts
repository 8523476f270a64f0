// Every /api/v1 endpoint, declared once: the route files and the lean Node
// front both serve from this list, and the docs are generated from it.
import { defineEndpoint, type Endpoint } from "./endpoint";
import { VERIFY_ENDPOINTS } from "./verify-endpoints";
import { CONTACT_ENDPOINTS } from "./contact-endpoints";
import { TEMPLATE_ENDPOINTS } from "./template-endpoints";
import { BROADCAST_ENDPOINTS } from "./broadcast-endpoints";
import {
  cancelSmsInput,
  listInboundSmsInput,
  MAX_SMS_CHARACTERS,
  sendSmsInput,
  smsCancelled,
  smsResult,
  smsStatus,
} from "../modules/sms/schemas";
import { cancelScheduledSms } from "../modules/sms/cancel-scheduled-sms";
import { transactionIdInput } from "../modules/messages/schemas";
import { prepareSms, sendSms } from "../modules/sms/send-sms";
import { answerForSms } from "../modules/sms/answer-for-sms";
import { getSmsStatus } from "../modules/sms/get-sms-status";
import { listInboundSms } from "../modules/sms/list-inbound-sms";
import { listCountriesInput, countries } from "../modules/coverage/schemas";
import { listCountries } from "../modules/coverage/list-countries";
import { getBalance } from "../modules/billing/get-balance";
import { z } from "zod";
import { balance } from "../modules/billing/schemas";
import { DOMAIN_ENDPOINTS } from "./domain-endpoints";
import { WEBHOOK_ENDPOINTS } from "./webhook-endpoints";
import { TOPUP_ENDPOINTS } from "./topup-endpoints";
import { SENDER_ENDPOINTS } from "./sender-endpoints";
import { listRequestsEndpoint } from "./request-log-endpoints";
import { LOOKUP_ENDPOINTS } from "./lookup-endpoints";
import { USSD_ENDPOINTS } from "./ussd-endpoints";
import { WHATSAPP_ENDPOINTS } from "./whatsapp-endpoints";
import { analyticsEndpoint } from "./analytics-endpoints";
import {
  cancelEmailInput,
  EMAIL_SEND_MAX_BODY_BYTES,
  MAX_ATTACHMENT_BYTES,
  MAX_RECIPIENTS,
  sendEmailInput,
  emailBatchResult,
  emailCancelled,
  emailResult,
  emailStatus,
} from "../modules/email/schemas";
import { prepareEmail } from "../modules/email/prepare-email";
import { sendEmail } from "../modules/email/send-email";
import { answerForEmail } from "../modules/email/answer-for-email";
import { getEmailStatus } from "../modules/email/get-email-status";
import { cancelScheduledEmail } from "../modules/email/cancel-scheduled-email";
import { sendBatchInput } from "../modules/email/batch-schemas";
import { prepareBatch } from "../modules/email/prepare-batch";
import { sendBatch } from "../modules/email/send-batch";

export const sendSmsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/sms/send",
  docs: {
    response: smsResult,
    errors: [
      "INVALID_PHONE_NUMBER",
      "MESSAGE_TOO_LONG",
      "INVALID_CONTINENT",
      "SENDER_ID_NOT_YOURS",
      "INSUFFICIENT_BALANCE",
      "SMS_SEND_FAILED",
      "SERVICE_UNAVAILABLE",
    ],
    rules: [
      `message: at most ${MAX_SMS_CHARACTERS} characters (MESSAGE_TOO_LONG); it is split into segments and charged per segment.`,
      "region (or continent) forces the route family of that part of the world, priced at the higher of the destination's own price and the forced route's: a hint can make a message dearer, never cheaper. An unsupported value is 400 INVALID_CONTINENT.",
      "from: a sender ID the account holds, approved for the destination's market (SENDER_ID_NOT_YOURS when another account holds it, 400 SMS_SEND_FAILED when not approved there), or a phone number the account verified.",
      "shorten_links: each http(s) link becomes <short url>/<id>, an id of this message's own, before segments are counted and priced (MESSAGE_TOO_LONG counts the text as sent); the answer's message is that text. The link answers 302 to the original; a person's first click raises sms.clicked (data.url, data.short_url) and sets clicked_at in GET /api/v1/sms/status; link previews, HEAD requests and crawlers are redirected but not counted. After its expiry (90 days by default) it answers a plain 410 page.",
      "category promotional: a country's rule may hold it to a window (Ghana: 08:00-19:00, Monday to Saturday, Accra time; GET /api/v1/sms/countries). Outside it the message is accepted as status scheduled with scheduled_at, the window's next opening (the sms.scheduled event); its price is held now and charged when it is sent; POST /api/v1/sms/{id}/cancel releases it until then. outside_window: refuse answers 400 SMS_SEND_FAILED (reason content_rule, opens_at) instead, charging nothing. Transactional messages are never held.",
    ],
  },
  summary: "Send one SMS",
  auth: "key",
  scope: "sms:send",
  service: "sms",
  input: { from: "body", schema: sendSmsInput },
  idempotency: "sms",
  prepare: ({ input, caller }) => prepareSms(input, caller),
  execute: async ({ input, prepared, caller, idempotency, deadline }) => {
    const data = await sendSms({ input, plan: prepared, caller, idem: idempotency, handOff: deadline });
    return { data, transactionId: data.transaction_id };
  },
  recover: answerForSms,
});

export const cancelSmsEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/sms/{id}/cancel",
  docs: {
    response: smsCancelled,
    errors: ["NOT_FOUND", "CONFLICT"],
    rules: [
      "Only a message waiting for its window (status scheduled) can be cancelled: its hold is released and sms.cancelled raised. One that has left, or is leaving, answers 409 CONFLICT (reason not_scheduled; already_cancelled when it was cancelled before).",
    ],
  },
  summary: "Cancel an SMS that waits for its country's window, releasing its held price",
  auth: "key",
  scope: "sms:send",
  input: { from: "query", schema: cancelSmsInput },
  execute: async ({ input, caller }) => {
    const data = await cancelScheduledSms(input.id, { accountId: caller.accountId, mode: caller.mode });
    return { data, transactionId: data.transaction_id };
  },
  audit: ({ data }) => ({ action: "sms.cancelled", target: (data as { transaction_id: string }).transaction_id }),
});

export const smsStatusEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/sms/status",
  docs: { response: smsStatus, errors: ["NOT_FOUND"] },
  summary: "Look up one SMS by transaction_id",
  auth: "key",
  scope: "transactions:read",
  input: { from: "query", schema: transactionIdInput },
  execute: async ({ input, caller }) => ({
    data: await getSmsStatus(input, caller),
    transactionId: input.transaction_id,
  }),
});

export const inboundSmsEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/sms/inbound",
  summary: "Replies to the account's SMS (two-way messaging), newest first",
  docs: {
    response: z.object({
      messages: z.array(
        z.object({
          id: z.string(),
          from: z.string(),
          to: z.string(),
          message: z.string(),
          in_reply_to: z.string().nullable(),
          received_at: z.string(),
        }),
      ),
      next_before: z.string().nullable(),
    }),
  },
  auth: "key",
  scope: "transactions:read",
  input: { from: "query", schema: listInboundSmsInput },
  execute: async ({ input, caller }) => ({
    data: await listInboundSms({
      accountId: caller.accountId,
      mode: caller.mode,
      before: input.before,
      limit: input.limit,
    }),
  }),
});

export const countriesEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/sms/countries",
  docs: { response: countries },
  summary: "List SMS destinations, their routes and sender ID support",
  auth: "public",
  input: { from: "query", schema: listCountriesInput },
  execute: async ({ input }) => ({ data: await listCountries(input) }),
});

export const balanceEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/balance",
  docs: { response: balance },
  summary: "Balance, plan and current usage against the plan's limits",
  auth: "key",
  scope: "account:read",
  input: { from: "query", schema: z.object({}) },
  execute: async ({ caller }) => ({ data: await getBalance(caller) }),
});

export const sendEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/email/send",
  docs: {
    requireOneOf: ["html", "text"],
    response: emailResult,
    errors: [
      "MISSING_CONTENT",
      "NO_RECIPIENTS",
      "TOO_MANY_RECIPIENTS",
      "INVALID_EMAIL",
      "UNVERIFIED_SENDER_DOMAIN",
      "INSUFFICIENT_BALANCE",
      "EMAIL_SEND_FAILED",
      "SERVICE_UNAVAILABLE",
    ],
    rules: [
      `to, cc and bcc together: at most ${MAX_RECIPIENTS} addresses (TOO_MANY_RECIPIENTS). Suppressed addresses are left out (email.suppressed is raised for each); when every one is, the answer has status suppressed, lists them in suppressed and charges nothing.`,
      "from: an address on one of the account's verified domains (UNVERIFIED_SENDER_DOMAIN); omitted, the primary domain's default address.",
      `attachments: at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB decoded, all together (400 INVALID_REQUEST).`,
    ],
  },
  summary: "Send one email to up to 50 recipients",
  auth: "key",
  scope: "email:send",
  service: "email",
  input: { from: "body", schema: sendEmailInput, maxBytes: EMAIL_SEND_MAX_BODY_BYTES },
  idempotency: "email",
  prepare: ({ input, caller }) => prepareEmail(input, caller),
  execute: async ({ input, prepared, caller, limit, idempotency, deadline }) => {
    const data = await sendEmail({ input, plan: prepared, caller, limit, idem: idempotency, handOff: deadline });
    return { data, transactionId: data.transaction_id };
  },
  recover: answerForEmail,
});

export const sendEmailBatchEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/email/batch",
  docs: {
    response: emailBatchResult,
    errors: [
      "INVALID_INPUT",
      // An item without to or subject (SPEC 4.2), named by its index: the batch's own field is optional to zod.
      "MISSING_FIELD",
      "BATCH_LIMIT_EXCEEDED",
      "MISSING_CONTENT",
      "NO_RECIPIENTS",
      "TOO_MANY_RECIPIENTS",
      "INVALID_EMAIL",
      "UNVERIFIED_SENDER_DOMAIN",
      "INSUFFICIENT_BALANCE",
      "EMAIL_SEND_FAILED",
      "SERVICE_UNAVAILABLE",
    ],
  },
  summary: "Send up to 100 separately addressed emails",
  auth: "key",
  scope: "email:send",
  // One request against the email limit, however many items (docs/decisions.md); no idempotency (SPEC 8.2).
  service: "email",
  input: { from: "body", schema: sendBatchInput, maxBytes: 8 * 1024 * 1024 },
  prepare: ({ input, caller }) => prepareBatch(input.emails, caller),
  execute: async ({ prepared, caller, deadline }) => {
    const data = await sendBatch({ plan: prepared, caller, handOff: deadline });
    return { data, transactionId: data.batch_id };
  },
});

export const emailStatusEndpoint = defineEndpoint({
  method: "GET",
  path: "/api/v1/email/status",
  docs: { response: emailStatus, errors: ["NOT_FOUND"] },
  summary: "Look up one email by transaction_id, with its event history",
  auth: "key",
  scope: "transactions:read",
  input: { from: "query", schema: transactionIdInput },
  execute: async ({ input, caller }) => ({
    data: await getEmailStatus(input, caller),
    transactionId: input.transaction_id,
  }),
});

export const cancelEmailEndpoint = defineEndpoint({
  method: "POST",
  path: "/api/v1/email/cancel",
  docs: { response: emailCancelled, errors: ["NOT_FOUND", "CONFLICT"] },
  summary: "Cancel a scheduled email that has not left yet, releasing its reserved money",
  auth: "key",
  scope: "email:send",
  input: { from: "body", schema: cancelEmailInput },
  execute: async ({ input, caller }) => {
    const data = await cancelScheduledEmail(input.id, {
      accountId: caller.accountId,
      mode: caller.mode,
      actor: caller.keyId,
    });
    return { data, transactionId: data.transaction_id };
  },
  audit: ({ data }) => ({ action: "email.cancelled", target: (data as { email_id: string }).email_id }),
});

export const API_ENDPOINTS: Endpoint[] = [
  emailStatusEndpoint,
  cancelEmailEndpoint,
  sendSmsEndpoint,
  cancelSmsEndpoint,
  smsStatusEndpoint,
  inboundSmsEndpoint,
  countriesEndpoint,
  balanceEndpoint,
  sendEmailEndpoint,
  sendEmailBatchEndpoint,
  ...DOMAIN_ENDPOINTS,
  ...WEBHOOK_ENDPOINTS,
  ...TOPUP_ENDPOINTS,
  ...SENDER_ENDPOINTS,
  ...VERIFY_ENDPOINTS,
  ...CONTACT_ENDPOINTS,
  ...TEMPLATE_ENDPOINTS,
  ...BROADCAST_ENDPOINTS,
  ...LOOKUP_ENDPOINTS,
  ...USSD_ENDPOINTS,
  ...WHATSAPP_ENDPOINTS,
  analyticsEndpoint,
  listRequestsEndpoint,
];
