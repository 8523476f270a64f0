// POST /api/v1/whatsapp/send's input and answer (issue #42, point 3), and the message as the API and events show it.
import { z } from "zod";
import { pageLimitInput } from "../../lib/page-limit";
import { idempotencyKeyInput } from "../idempotency/idempotency-key-input";
import { E164_DOCUMENTED } from "../../lib/string-formats";
import { typeError } from "../../errors/type-error";
import { price, timestamp } from "../../lib/response-parts";
import { explanationAnswer } from "../insights/failure-catalogue";

/** Meta's limits: a text body 4,096 characters, a caption 1,024, a template variable 1,024 (docs/research/whatsapp.md). */
export const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;

const httpsUrl = (field: string) =>
  z
    .string({ error: typeError(`${field} must be a string`) })
    .max(2048)
    .regex(/^https:\/\/[^\s]+$/, `${field} must be an https:// link Meta can fetch`)
    .describe("An https link Meta fetches the file from");

const caption = z
  .string({ error: typeError("caption must be a string") })
  .max(MAX_CAPTION)
  .optional()
  .describe(`At most ${MAX_CAPTION} characters`);

const whatsappRequestFields = z.object({
  to: z
    .string({ error: typeError("to must be a string") })
    .min(1)
    .meta(E164_DOCUMENTED)
    .describe("The person's number, E.164, e.g. +233241234567"),
  from: z
    .string({ error: typeError("from must be a string") })
    .max(100)
    .optional()
    .describe(
      "The number to send from: its id (wan_...) or its display number; optional when the key's mode has one number (test keys: the sandbox)",
    ),
  template: z
    .object({
      name: z
        .string({ error: typeError("template.name must be a string") })
        .min(1)
        .max(512),
      language: z
        .string({ error: typeError("template.language must be a string") })
        .min(2)
        .max(15)
        .describe("As the template was approved, e.g. en or en_US"),
      variables: z
        .array(
          z
            .string({ error: typeError("each template variable must be a string") })
            .min(1)
            .max(1024),
        )
        .max(100)
        .optional()
        .describe("The body's {{1}}, {{2}}... in order; an authentication template's code is its one variable"),
    })
    .optional()
    .describe("An APPROVED template of the number (GET /api/v1/whatsapp/templates): sendable at any time"),
  text: z
    .string({ error: typeError("text must be a string") })
    .min(1)
    .max(MAX_TEXT)
    .optional()
    .describe("A free-form message: only inside the 24-hour window opened by the person's last message"),
  image: z
    .object({ url: httpsUrl("image.url"), caption })
    .optional()
    .describe("A JPEG or PNG by link (5 MB at most), inside the 24-hour window"),
  document: z
    .object({
      url: httpsUrl("document.url"),
      caption,
      filename: z
        .string({ error: typeError("document.filename must be a string") })
        .max(240)
        .optional(),
    })
    .optional()
    .describe("A PDF or office document by link (100 MB at most), inside the 24-hour window"),
  reference: z
    .string({ error: typeError("reference must be a string") })
    .max(255)
    .optional(),
});

/** Exactly one of the four contents (said in the document as oneOf of required). */
function oneContent<T extends z.ZodType<{ template?: unknown; text?: unknown; image?: unknown; document?: unknown }>>(
  schema: T,
) {
  return schema
    .refine((m) => [m.template, m.text, m.image, m.document].filter((part) => part !== undefined).length === 1, {
      message: "Give exactly one of template, text, image or document",
    })
    .meta({
      oneOf: [{ required: ["template"] }, { required: ["text"] }, { required: ["image"] }, { required: ["document"] }],
    });
}

export const sendWhatsappInput = oneContent(
  whatsappRequestFields.extend({ idempotency_key: idempotencyKeyInput.optional() }),
);
/** The dashboard's test form: the same, with no idempotency key (a person clicking is not a retrying client). */
export const whatsappTestInput = oneContent(whatsappRequestFields);
export type SendWhatsappInput = z.infer<typeof sendWhatsappInput>;
/** What a send says, whoever asks: the API (with its idempotency key) or the dashboard's test form. */
export type WhatsappRequest = Omit<SendWhatsappInput, "idempotency_key">;

export const WHATSAPP_STATUSES = ["pending", "unknown", "sent", "delivered", "read", "failed", "received"] as const;

export const whatsappMessage = z.object({
  transaction_id: z.string().describe("wam_..."),
  message_id: z.string().nullable().describe("Meta's wamid"),
  direction: z.enum(["outbound", "inbound"]),
  status: z
    .enum(WHATSAPP_STATUSES)
    .describe(
      "sent: Meta took it; delivered, read: Meta's receipts; failed: Meta refused or could not deliver it; unknown: Meta's answer was lost (a status settles it); received: a person's message",
    ),
  number_id: z.string().nullable().describe("The Kasa number it went through (wan_...)"),
  to: z.string().nullable(),
  from: z.string().nullable(),
  type: z.string().describe("template, text, image, document; inbound also audio, video, sticker, location..."),
  template: z.object({ name: z.string(), language: z.string() }).nullable(),
  category: z.string().nullable().describe("What it is priced as: marketing, utility, authentication or service"),
  body: z.string().nullable().describe("The text, the caption, or the template's body with its variables filled"),
  media_url: z
    .string()
    .nullable()
    .describe(
      "Outbound: the link sent; inbound: a Kasa link to the person's file (fetched from Meta when opened), valid 7 days from the message",
    ),
  profile_name: z.string().nullable().describe("Inbound: the sender's WhatsApp profile name"),
  price,
  reference: z.string().nullable(),
  error: z
    .object({ code: z.number().int().nullable(), message: z.string(), explanation: explanationAnswer })
    .nullable()
    .describe("Why it failed: Meta's error code and message, and what to do"),
  created_at: timestamp,
  delivered_at: timestamp.nullable(),
  read_at: timestamp.nullable(),
});

export const listWhatsappMessagesInput = z.object({
  contact: z
    .string()
    .max(32)
    .meta(E164_DOCUMENTED)
    .optional()
    .describe("Only the conversation with this person (E.164)"),
  number_id: z.string().max(100).optional().describe("Only this number's messages"),
  limit: pageLimitInput,
  before: z.string().max(64).optional().describe("A message's transaction_id: the page of messages before it"),
});
export type ListWhatsappMessagesInput = z.infer<typeof listWhatsappMessagesInput>;

export const whatsappMessagePage = z.object({
  messages: z.array(whatsappMessage),
  has_more: z.boolean().describe("More messages before the last: ask again with before = its transaction_id"),
  window: z
    .object({ open: z.boolean(), closes_at: timestamp.nullable() })
    .nullable()
    .describe("With contact and one number: whether free-form messages may be sent to them now, and until when"),
});

export const simulateWhatsappInput = z.object({
  from: z
    .string({ error: typeError("from must be a string") })
    .min(1)
    .meta(E164_DOCUMENTED)
    .describe("The person writing to the sandbox number (E.164)"),
  text: z
    .string({ error: typeError("text must be a string") })
    .min(1)
    .max(MAX_TEXT),
  profile_name: z
    .string({ error: typeError("profile_name must be a string") })
    .max(100)
    .optional(),
});
export type SimulateWhatsappInput = z.infer<typeof simulateWhatsappInput>;

export const whatsappSendResult = whatsappMessage.extend({
  detail: z.string().optional().describe("With status unknown: why, and what settles it"),
});
