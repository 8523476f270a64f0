// The inputs of /api/v1/templates (issue #26), one schema each.
import { z } from "zod";
import { idQueryInput } from "../../lib/id-input";
import { typeError } from "../../errors/type-error";
import { MAX_SMS_CHARACTERS } from "../sms/schemas";

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
