// /api/v1/whatsapp (issue #42; docs/decisions.md, "WhatsApp"): the account's WhatsApp Business numbers on Meta's
// Cloud API, and their templates. Scope whatsapp:manage. Sending and receiving come next.
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
  docs: { response: z.object({ numbers: z.array(whatsappNumber) }), rules: ["Never their token or secrets."] },
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
    return { data: await disconnectWhatsappNumber(input.id, caller) };
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

export const WHATSAPP_ENDPOINTS = [
  listWhatsappNumbersEndpoint,
  connectWhatsappNumberEndpoint,
  disconnectWhatsappNumberEndpoint,
  listWhatsappTemplatesEndpoint,
];
