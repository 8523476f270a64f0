// /api/v1/whatsapp (issue #42; docs/decisions.md, "WhatsApp"): the account's WhatsApp Business numbers on Meta's
// Cloud API and their templates (scope whatsapp:manage); sending, the messages both ways, and the sandbox's simulated
// person (scope whatsapp:send).
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { deleted } from "../lib/response-parts";
import { AppError } from "../errors/app-error";
import {
  connectedWhatsappNumber,
  connectWhatsappNumberInput,
  listWhatsappTemplatesInput,
  whatsappNumber,
  whatsappNumberId,
  whatsappTemplate,
} from "../modules/whatsapp/schemas";
import { listWhatsappTemplates } from "../modules/whatsapp/list-whatsapp-templates";
import { connectWhatsappNumber } from "../modules/whatsapp/connect-whatsapp-number";
import { listWhatsappNumbers } from "../modules/whatsapp/list-whatsapp-numbers";
import { disconnectWhatsappNumber } from "../modules/whatsapp/disconnect-whatsapp-number";
import {
  listWhatsappMessagesInput,
  sendWhatsappInput,
  simulateWhatsappInput,
  whatsappMessage,
  whatsappMessagePage,
  whatsappSendResult,
} from "../modules/whatsapp/send-schemas";
import { prepareWhatsapp } from "../modules/whatsapp/prepare-whatsapp";
import { sendWhatsapp } from "../modules/whatsapp/send-whatsapp";
import { answerForWhatsapp } from "../modules/whatsapp/answer-for-whatsapp";
import { listWhatsappMessages } from "../modules/whatsapp/list-whatsapp-messages";
import { getWhatsappMessage } from "../modules/whatsapp/get-whatsapp-message";
import { simulateWhatsappMessage } from "../modules/whatsapp/simulate-whatsapp-message";
import { idQueryInput } from "../lib/id-input";

const whatsappMessageId = idQueryInput("WhatsApp message");

const base = { auth: "key", scope: "whatsapp:manage" } as const;

/** A Meta number sends real messages for money: it is connected and removed with a live key. */
function liveKeyOnly(caller: { mode: "live" | "test" }): void {
  if (caller.mode !== "live")
    throw new AppError("FORBIDDEN", {
      message: "Connecting or removing a WhatsApp Business number takes a live key",
      context: { reason: "live_key_required" },
    });
}

export const listWhatsappNumbersEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/whatsapp/numbers",
  summary: "List the account's WhatsApp Business numbers",
  input: { from: "query", schema: z.object({}) },
  docs: {
    response: z.object({ numbers: z.array(whatsappNumber) }),
    rules: [
      "The key's mode's numbers: a test key's is Kasa's sandbox number (made on the first listing), a live key's those connected from Meta. Never their token or secrets.",
    ],
  },
  execute: async ({ caller }) => ({ data: await listWhatsappNumbers(caller) }),
});

export const connectWhatsappNumberEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/whatsapp/numbers",
  summary: "Connect a WhatsApp Business number (Meta's Cloud API)",
  input: { from: "body", schema: connectWhatsappNumberInput },
  docs: {
    response: connectedWhatsappNumber,
    status: 201,
    errors: ["FORBIDDEN", "CONFLICT", "PROVIDER_ERROR"],
    rules: [
      "Live keys only (403 FORBIDDEN, reason live_key_required).",
      "Kasa asks Meta for the number with the token given (GET /{phone_number_id}) before keeping anything: a token Meta refuses answers 400 INVALID_REQUEST (reason meta_token_invalid), an id it does not know reason meta_number_not_found, with Meta's code as meta_code; no answer from Meta is 502 PROVIDER_ERROR, nothing kept.",
      "access_token and app_secret are sealed and never shown again. Set webhook_url and verify_token (shown in this answer only) as the Callback URL and Verify token of your Meta app's WhatsApp webhook.",
      "A number is one account's: 409 CONFLICT (reason taken, or taken_by_you).",
    ],
  },
  audit: ({ input, data }) => ({
    action: "whatsapp_number.connected",
    target: (data as { id: string }).id,
    data: { phone_number_id: input.phone_number_id },
  }),
  execute: async ({ input, caller }) => {
    liveKeyOnly(caller);
    return { status: 201, data: await connectWhatsappNumber(input, caller) };
  },
});

export const disconnectWhatsappNumberEndpoint = defineEndpoint({
  ...base,
  method: "DELETE",
  path: "/api/v1/whatsapp/numbers/{id}",
  summary: "Remove a WhatsApp Business number from Kasa",
  input: { from: "query", schema: whatsappNumberId },
  docs: {
    response: deleted,
    errors: ["FORBIDDEN", "NOT_FOUND"],
    rules: ["Live keys only. Its token and app secret are deleted; Meta's webhook for it then answers 404."],
  },
  audit: ({ input }) => ({ action: "whatsapp_number.removed", target: input.id }),
  execute: async ({ input, caller }) => {
    liveKeyOnly(caller);
    return { data: await disconnectWhatsappNumber(input.id, { accountId: caller.accountId, mode: "live" }) };
  },
});

export const listWhatsappTemplatesEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/whatsapp/templates",
  summary: "List a WhatsApp number's message templates, as Meta approved them",
  input: { from: "query", schema: listWhatsappTemplatesInput },
  docs: {
    response: z.object({ templates: z.array(whatsappTemplate), synced_at: z.string().nullable() }),
    errors: ["MISSING_ID", "NOT_FOUND", "PROVIDER_ERROR"],
    rules: [
      "Read from Meta's WhatsApp Business Account on the first listing, with refresh=true, and by Kasa every 15 minutes; a status change raises whatsapp.template_updated.",
      "Only APPROVED templates can be sent. Meta not answering a refresh is 502 PROVIDER_ERROR.",
    ],
  },
  execute: async ({ input, caller }) => ({ data: await listWhatsappTemplates(input, caller) }),
});

const send = { auth: "key", scope: "whatsapp:send" } as const;

export const sendWhatsappEndpoint = defineEndpoint({
  ...send,
  method: "POST",
  path: "/api/v1/whatsapp/send",
  summary: "Send one WhatsApp message: a template, or text or media inside the 24-hour window",
  service: "whatsapp",
  input: { from: "body", schema: sendWhatsappInput },
  idempotency: "whatsapp",
  docs: {
    response: whatsappSendResult,
    errors: ["INVALID_PHONE_NUMBER", "INSUFFICIENT_BALANCE", "WHATSAPP_SEND_FAILED"],
    rules: [
      "Exactly one of template, text, image or document (400 INVALID_REQUEST).",
      "template: an APPROVED template of the number, with one variable per placeholder (400 INVALID_REQUEST, reason template_not_found, template_not_approved or template_variables, nothing charged). Sendable at any time.",
      "text, image, document: only inside the 24-hour customer service window opened by the person's last message to the number; outside it 400 INVALID_REQUEST, reason outside_customer_service_window, with window_closed_at (null when they never wrote), nothing charged.",
      "Priced by the destination's country and what Meta bills it as (the template's category, or service for text and media). The price is held from the send and charged when Meta says delivered or read; a message Meta fails before that is refunded (whatsapp.failed, with Meta's code and reason). One Meta took but said nothing more of for 24 hours is charged.",
      "Meta refusing the message is 400 WHATSAPP_SEND_FAILED with reason and meta_code, refunded; Meta not reachable at all is 503 WHATSAPP_SEND_FAILED (reason meta_unavailable), refunded. When Meta's answer is lost (a timeout, or Meta's own 5xx) the answer is status unknown with detail: the message is not sent again (it may have reached the person), its price stays held, and the first status Meta posts for it settles it; none within 24 hours means Meta never took it, and it is refunded.",
      "Test keys send from the sandbox number, free; the SMS sandbox's numbers mean the same (+233200000002 refused, +233200000003 Meta failing (unknown), +233200000004 Meta's answer lost (unknown, then delivered), +233200000005 fails after it was sent).",
    ],
  },
  prepare: ({ input, caller }) => prepareWhatsapp(input, caller),
  execute: async ({ input, prepared, caller, idempotency, deadline }) => {
    const data = await sendWhatsapp({ input, plan: prepared, caller, idem: idempotency, handOff: deadline });
    return { data, transactionId: data.transaction_id };
  },
  recover: answerForWhatsapp,
});

export const listWhatsappMessagesEndpoint = defineEndpoint({
  ...send,
  method: "GET",
  path: "/api/v1/whatsapp/messages",
  summary: "List WhatsApp messages both ways, newest first, or one person's conversation",
  input: { from: "query", schema: listWhatsappMessagesInput },
  docs: {
    response: whatsappMessagePage,
    errors: ["INVALID_PHONE_NUMBER"],
    rules: [
      "The key's mode's messages. With contact and number_id, window says whether free-form messages may be sent now.",
    ],
  },
  execute: async ({ input, caller }) => ({ data: await listWhatsappMessages(input, caller) }),
});

export const getWhatsappMessageEndpoint = defineEndpoint({
  ...send,
  method: "GET",
  path: "/api/v1/whatsapp/messages/{id}",
  summary: "One WhatsApp message as it stands",
  input: { from: "query", schema: whatsappMessageId },
  docs: { response: whatsappMessage, errors: ["NOT_FOUND"] },
  execute: async ({ input, caller }) => ({ data: await getWhatsappMessage(input.id, caller) }),
});

export const simulateWhatsappEndpoint = defineEndpoint({
  ...send,
  method: "POST",
  path: "/api/v1/whatsapp/simulate",
  summary: "Simulate a person writing to your sandbox number",
  input: { from: "body", schema: simulateWhatsappInput },
  docs: {
    response: whatsappMessage,
    errors: ["FORBIDDEN", "INVALID_PHONE_NUMBER"],
    rules: [
      "Test keys only (403 FORBIDDEN, reason test_key_required). The message takes the path Meta's do: it raises whatsapp.received and opens the 24-hour window for free-form sends to that number.",
    ],
  },
  execute: async ({ input, caller }) => {
    if (caller.mode !== "test")
      throw new AppError("FORBIDDEN", {
        message: "Only test keys simulate messages to the sandbox number",
        context: { reason: "test_key_required" },
      });
    return { data: await simulateWhatsappMessage(input, caller) };
  },
});

export const WHATSAPP_ENDPOINTS = [
  sendWhatsappEndpoint,
  listWhatsappMessagesEndpoint,
  getWhatsappMessageEndpoint,
  simulateWhatsappEndpoint,
  listWhatsappNumbersEndpoint,
  connectWhatsappNumberEndpoint,
  disconnectWhatsappNumberEndpoint,
  listWhatsappTemplatesEndpoint,
];
