// The inputs of /api/v1/templates (docs/decisions.md, "Templates and broadcasts"), one schema each, then what they answer.
import { z } from "zod";
import { idQueryInput } from "../../lib/id-input";
import { typeError } from "../../errors/type-error";
import { MAX_SMS_CHARACTERS } from "../sms/schemas";
import { loose } from "../../lib/response-parts";

export const TEMPLATE_CHANNELS = ["sms", "email"] as const;

const content = {
  body: z
    .string({ error: typeError("body must be a string") })
    .min(1)
    .max(MAX_SMS_CHARACTERS)
    .optional()
    .describe("sms: the text, with {{variables}}"),
  subject: z
    .string({ error: typeError("subject must be a string") })
    .min(1)
    .max(998)
    .optional()
    .describe("email: the subject"),
  html: z
    .string({ error: typeError("html must be a string") })
    .max(512 * 1024)
    .optional()
    .describe("email: the HTML part (values are escaped)"),
  text: z
    .string({ error: typeError("text must be a string") })
    .max(512 * 1024)
    .optional()
    .describe("email: the plain-text part"),
  shorten_links: z
    .boolean({ error: typeError("shorten_links must be true or false") })
    .optional()
    .describe(
      "sms: each http(s) link becomes a short link of the recipient's own, as sms/send's shorten_links does (a person's click raises sms.clicked and counts in the broadcast's clicked); ignored for email",
    ),
};

export const createTemplateInput = z.object({
  name: z
    .string({ error: typeError("name must be a string") })
    .max(100)
    .regex(/\S/, "name must not be blank"),
  channel: z.enum(TEMPLATE_CHANNELS, { error: `channel must be one of ${TEMPLATE_CHANNELS.join(", ")}` }),
  ...content,
});
export type CreateTemplateInput = z.infer<typeof createTemplateInput>;

export const updateTemplateInput = createTemplateInput.extend({
  id: z.string().min(1).max(64).describe("The template to edit: tpl_<token>"),
});
export type UpdateTemplateInput = z.infer<typeof updateTemplateInput>;

export const templateIdQuery = idQueryInput("template");

export const previewTemplateInput = z.object({
  template_id: z.string().min(1).max(64).optional().describe("A saved template; or give channel and content inline"),
  channel: z.enum(TEMPLATE_CHANNELS, { error: `channel must be one of ${TEMPLATE_CHANNELS.join(", ")}` }).optional(),
  ...content,
  contact_id: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe("The contact to render it for; omitted, a sample contact (Ama Mensah of Accra)"),
});
export type PreviewTemplateInput = z.infer<typeof previewTemplateInput>;

// What the /api/v1/templates endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
/** A message template (docs/decisions.md, "Templates and broadcasts"): SMS (body) or email (subject, html, text), with {{variables}}. */
export const template = loose({
  id: z.string().describe("tpl_<token>"),
  name: z.string(),
  channel: z.enum(["sms", "email"]),
  body: z.string().nullable(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  shorten_links: z.boolean().describe("sms: each recipient's links become short links of its own"),
  version: z.number().int().describe("1, then one more at each edit (PUT); a broadcast keeps the version it copied"),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});

export const templatePreview = loose({
  channel: z.enum(["sms", "email"]),
  body: z
    .string()
    .optional()
    .describe(
      "sms: the text as the contact would get it; with shorten_links, its links as short links of the length they will have (each recipient gets its own; these lead nowhere)",
    ),
  encoding: z.enum(["gsm7", "ucs2"]).optional().describe("sms: as sms/send counts it"),
  characters: z.number().int().optional(),
  segments: z.number().int().optional().describe("sms: what each recipient is charged for"),
  subject: z.string().optional(),
  html: z.string().nullable().optional().describe("email: values escaped"),
  text: z.string().nullable().optional(),
});
