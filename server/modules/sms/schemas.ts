import { z } from "zod";
import { idempotencyKeyInput } from "../idempotency/idempotency-key-input";
import { answersWith } from "../../errors/field-codes";
import { E164_DOCUMENTED } from "../../lib/string-formats";
import { CONTINENTS, REGIONS } from "./resolve-route";
import { SENDER_ID_PLAIN_PATTERN } from "./check-sender";
import { typeError } from "../../errors/type-error";
import { loose, price, timestamp } from "../../lib/response-parts";
import { explanationAnswer } from "../insights/failure-catalogue";

export const MAX_SMS_CHARACTERS = 1600;
export const SMS_CATEGORIES = ["transactional", "promotional"] as const;

export const sendSmsInput = z.object({
  to: z
    .string({ error: typeError("to must be a string") })
    .min(1)
    // Said in the document; parseRecipient is what is checked (libphonenumber's plan of the country).
    .meta(E164_DOCUMENTED)
    .describe(
      "E.164, e.g. +233241234567: a number in its country's numbering plan, in a country GET /api/v1/sms/countries lists as supported (INVALID_PHONE_NUMBER)",
    ),
  message: z
    .string({ error: typeError("message must be a string") })
    .min(1)
    // Characters as JSON Schema counts them (code points); prepareSms answers MESSAGE_TOO_LONG past it.
    .meta({ maxLength: MAX_SMS_CHARACTERS })
    .describe("Split into segments and charged per segment (GSM-7, or UCS-2 for other characters)"),
  from: z
    .string({ error: typeError("from must be a string") })
    .max(32)
    // Said in the document; checkSender is what is checked, with whether the account holds the sender.
    .meta({
      anyOf: [{ pattern: SENDER_ID_PLAIN_PATTERN.source, minLength: 1, maxLength: 11 }, E164_DOCUMENTED],
    })
    .optional()
    .describe("A sender ID the account holds for the destination's market, or a phone number it verified"),
  sender_fallback: z
    .boolean({ error: typeError("sender_fallback must be true or false") })
    .optional()
    .describe(
      "When from is a sender ID not approved for the number (its network, or its market), send under the country's default sender instead of refusing; the answer's from says which was used",
    ),
  reference: z
    .string({ error: typeError("reference must be a string") })
    .max(255)
    .optional(),
  region: answersWith(
    z
      .enum(REGIONS, {
        error: (issue) =>
          `region ${JSON.stringify(issue.input)} is not supported; use one of ${REGIONS.join(", ")}, or omit it to route by the number`,
      })
      .optional()
      .describe(
        "Forces routing through that part of the world's routes (africa: Africa's; the others: global). The price is the higher of the destination's own and the forced route's: a hint never makes a message cheaper. The answer's route and region say what was used.",
      ),
    { code: "INVALID_CONTINENT", context: { allowed: REGIONS } },
  ),
  continent: answersWith(
    z
      .enum(CONTINENTS, {
        error: (issue) =>
          `continent ${JSON.stringify(issue.input)} is not supported; use one of ${CONTINENTS.join(", ")}, or omit it to detect it from the number`,
      })
      .optional()
      .describe(
        "Another name for region (with south_america and oceania, which route globally); given both, they must agree",
      ),
    { code: "INVALID_CONTINENT", context: { allowed: CONTINENTS } },
  ),
  outside_window: z
    .enum(["schedule", "refuse"], { error: "outside_window must be schedule or refuse" })
    .optional()
    .describe(
      "A promotional message outside its country's sending window (Ghana: 08:00-19:00, Monday to Saturday, Accra time) is scheduled for the window's next opening (schedule, the default: status scheduled, scheduled_at) or refused (refuse: 400 SMS_SEND_FAILED, reason content_rule, opens_at)",
    ),
  shorten_links: z
    .boolean({ error: typeError("shorten_links must be true or false") })
    .optional()
    .describe(
      "Replace each http(s) link in message with a short link of this message's own (<short url>/<id>, 8 characters after the domain) before segments are counted and priced; the answer's message is the text as sent. A person's first click raises sms.clicked (link previews and crawlers are not counted); a link expires after 90 days unless the deployment says otherwise",
    ),
  // Country rules hold promotional traffic to their window (Ghana: 08:00-19:00, Monday to Saturday).
  category: z.enum(SMS_CATEGORIES, { error: `category must be one of ${SMS_CATEGORIES.join(", ")}` }).optional(),
  idempotency_key: idempotencyKeyInput.optional(),
});
export type SendSmsInput = z.infer<typeof sendSmsInput>;

export const listInboundSmsInput = z.object({
  before: z.iso.datetime({ offset: true, error: "before must be an ISO 8601 time (next_before)" }).optional(),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(100).optional(),
});

// What the /api/v1/sms endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
export const smsResult = loose({
  transaction_id: z.string().describe("sms_<token>_<token>"),
  message_id: z.string().nullable().describe("The carrier's message id"),
  status: z.enum(["pending", "scheduled", "sent", "delivered", "failed", "unknown", "cancelled"]),
  to: z.string(),
  from: z.string(),
  message_length: z.number().int(),
  segments: z.number().int(),
  encoding: z.enum(["gsm7", "ucs2"]),
  country: z.object({ code: z.string().nullable(), name: z.string().nullable(), iso: z.string() }),
  region: z.string(),
  route: z.enum(["africa_local", "africa_regional", "global"]),
  provider: z.string().nullable(),
  price,
  reference: z.string().nullable(),
  created_at: timestamp,
  scheduled_at: timestamp
    .nullable()
    .describe("When a message waiting for its country's window goes out (status scheduled); null when sent at once"),
  detail: z
    .string()
    .nullable()
    .optional()
    .describe('With status "unknown": why the hand-off\'s outcome is not known (charged as sent; never resent)'),
  message: z
    .string()
    .optional()
    .describe(
      "The text as sent, with its short links (a send with shorten_links, and every status lookup); what segments and price were counted on",
    ),
});

export const smsStatus = smsResult.extend({
  error: z
    .object({
      code: z.string(),
      message: z.string().nullable(),
      reason: z.string().nullable(),
      explanation: explanationAnswer,
    })
    .nullable(),
  carrier_attempts: z.array(
    z.object({
      carrier: z.string(),
      outcome: z.enum(["accepted", "unavailable", "rejected", "ambiguous"]),
      detail: z.string().nullable(),
      at: timestamp,
    }),
  ),
  parts: z.array(
    z.object({
      part: z.number().int(),
      carrier_message_id: z.string(),
      status: z.string(),
      error_code: z.string().nullable(),
    }),
  ),
  history: z.array(z.object({ status: z.string(), at: timestamp })),
  updated_at: timestamp,
  delivered_at: timestamp.nullable(),
  clicked_at: timestamp
    .nullable()
    .describe("The recipient's first click on one of the message's short links (shorten_links); null until then"),
});

export const cancelSmsInput = z.object({
  id: z
    .string({ error: typeError("id must be a string") })
    .min(1)
    .max(100)
    .describe("The scheduled message's transaction_id (sms_...)"),
});

export const smsCancelled = loose({
  transaction_id: z.string(),
  status: z.literal("cancelled"),
  scheduled_at: timestamp.nullable().describe("When it would have gone out"),
  refunded: price.nullable().describe("The hold released (live keys); null for a test key"),
});
