// The WhatsApp endpoints' inputs and answers (issue #42): Business numbers connected from Meta's Cloud API. /api/v1,
// the dashboard and the OpenAPI document all take them from here.
import { z } from "zod";
import { answersWith } from "../../errors/field-codes";
import { typeError } from "../../errors/type-error";
import { idQueryInput } from "../../lib/id-input";
import { timestamp } from "../../lib/response-parts";

/** A Graph object id as Meta writes it: digits. */
const graphId = (field: string, what: string) =>
  answersWith(
    z
      .string({ error: typeError(`${field} must be a string of digits`) })
      .trim()
      .regex(/^[0-9]{1,32}$/, `${field} must be ${what}: digits, as Meta's WhatsApp Manager shows it`)
      .describe(`${what} (digits), from Meta's WhatsApp Manager or App Dashboard`),
    { code: "INVALID_REQUEST", missing: `${field} is required` },
  );

const secretText = (field: string, description: string, min: number) =>
  answersWith(
    z
      .string({ error: typeError(`${field} must be a string`) })
      .trim()
      .min(min, `${field} is too short to be one`)
      .max(2_000, `${field} is too long to be one`)
      .describe(description),
    { code: "INVALID_REQUEST", missing: `${field} is required` },
  );

export const connectWhatsappNumberInput = z.object({
  phone_number_id: graphId("phone_number_id", "The number's Phone number ID"),
  waba_id: graphId("waba_id", "The WhatsApp Business Account ID"),
  access_token: secretText(
    "access_token",
    "A system user's permanent access token with whatsapp_business_messaging and whatsapp_business_management; kept sealed, never shown again",
    20,
  ),
  app_secret: secretText(
    "app_secret",
    "Your Meta app's secret (App settings > Basic): Kasa checks Meta's webhook signatures with it; kept sealed, never shown again",
    16,
  ),
});
export type ConnectWhatsappNumberInput = z.infer<typeof connectWhatsappNumberInput>;

export const whatsappNumberId = idQueryInput("WhatsApp number");

export const whatsappNumber = z.object({
  id: z.string().describe("wan_..."),
  sandbox: z
    .boolean()
    .describe("Kasa's sandbox number, for test keys: no Meta account, statuses simulated (delivered, then read)"),
  phone_number_id: z.string().nullable().describe("Meta's Phone number ID; null for the sandbox"),
  waba_id: z.string().nullable().describe("The WhatsApp Business Account ID; null for the sandbox"),
  display_phone_number: z.string().describe("As Meta shows it, e.g. +233 24 123 4567"),
  verified_name: z.string().nullable().describe("The business name Meta approved for the number"),
  quality_rating: z.string().nullable().describe("Meta's quality rating when connected: GREEN, YELLOW, RED or NA"),
  webhook_url: z
    .string()
    .nullable()
    .describe("Set it as the Callback URL of your Meta app's WhatsApp webhook; null for the sandbox"),
  created_at: timestamp,
});

export const connectedWhatsappNumber = whatsappNumber.extend({
  verify_token: z
    .string()
    .describe("The Verify token to set beside the Callback URL in your Meta app; shown only in this answer"),
});

export const listWhatsappTemplatesInput = z.object({
  number_id: answersWith(z.string().min(1).max(100).describe("The number's id (wan_...)"), {
    code: "MISSING_ID",
    missing: "Missing required query parameter: number_id",
  }),
  status: z
    .enum(["APPROVED", "PENDING", "REJECTED", "PAUSED", "DISABLED"], {
      error: "status must be APPROVED, PENDING, REJECTED, PAUSED or DISABLED",
    })
    .optional()
    .describe("Only templates in this status"),
  refresh: z
    .enum(["true", "false"], { error: "refresh must be true or false" })
    .optional()
    .describe("true: read them from Meta first (they are read on the first listing and by Kasa every 15 minutes)"),
});
export type ListWhatsappTemplatesInput = z.infer<typeof listWhatsappTemplatesInput>;

export const whatsappTemplate = z.object({
  id: z.string().describe("Meta's template id"),
  name: z.string(),
  language: z.string().describe("e.g. en_US"),
  category: z.enum(["marketing", "utility", "authentication"]).or(z.string()),
  status: z.string().describe("Meta's: APPROVED (sendable), PENDING, REJECTED, PAUSED, DISABLED"),
  body: z.string().nullable().describe("The body's text, its variables as {{1}}, {{2}}..."),
  variables: z.number().int().describe("How many variables a send fills"),
  synced_at: timestamp,
});
