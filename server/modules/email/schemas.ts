import { z } from "zod";
import { explanationAnswer } from "../insights/failure-catalogue";
import { idempotencyKeyInput } from "../idempotency/idempotency-key-input";
import {
  anyCaseOneOf,
  ISO_INSTANT_PATTERN,
  BASE64,
  HEADER_NAME,
  MAILBOX_PATTERN,
  SINGLE_LINE,
} from "../../lib/string-formats";
import { RESERVED_HEADERS } from "./check-headers";
import { typeError } from "../../errors/type-error";
import { loose, price, timestamp } from "../../lib/response-parts";
import { ENGAGEMENT_KINDS } from "./get-email-status";

/** "addr" or "Name <addr>": said in the document; parseMailboxes is what is checked (INVALID_EMAIL). */
export const mailboxField = () => z.string().meta({ pattern: MAILBOX_PATTERN });
const addressList = z.union([mailboxField(), z.array(mailboxField())], {
  error: "must be a string or an array of strings",
});
export const requiredAddressList = z.union([mailboxField().min(1), z.array(mailboxField())], {
  error: "must be a string or an array of strings",
});

// Custom headers: said in the document; checkCustomHeaders is what is checked (INVALID_REQUEST naming the header).
const customHeaders = z
  .record(z.string(), z.string(), { error: "headers must be an object of string values" })
  .meta({
    propertyNames: { type: "string", pattern: HEADER_NAME.source, not: { pattern: anyCaseOneOf(RESERVED_HEADERS) } },
    additionalProperties: { type: "string", pattern: SINGLE_LINE.source },
  })
  .describe(`Extra header fields, one line each; not ${RESERVED_HEADERS.join(", ")}`);

export const MAX_RECIPIENTS = 50;
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
// The JSON body may carry 20 MB of attachments in base64 (4/3 larger) plus the message.
export const EMAIL_SEND_MAX_BODY_BYTES = 28 * 1024 * 1024;

/** How far ahead a message may be scheduled (docs/decisions.md, "Tracking and scheduling"): what the best email APIs allow. */
export const MAX_SCHEDULE_DAYS = 30;

// An instant with its offset (`2026-12-01T09:00:00Z`, `...+01:00`): a bare local time would be read in a zone the
// caller never named. Not after now means "send now" (docs/decisions.md).
const scheduledAt = z
  .string({ error: typeError("scheduled_at must be an ISO 8601 date-time string") })
  .meta({
    format: "date-time",
    // What z.iso.datetime takes: upper-case T and Z, no leap second (RFC 3339 allows both).
    pattern: ISO_INSTANT_PATTERN,
    description: `ISO 8601 with a time zone; at most ${MAX_SCHEDULE_DAYS} days ahead`,
  })
  .pipe(
    z.iso.datetime({
      offset: true,
      error: "scheduled_at must be an ISO 8601 date-time with a time zone, such as 2026-12-01T09:00:00Z",
    }),
  )
  .refine((value) => Date.parse(value) <= Date.now() + MAX_SCHEDULE_DAYS * 86_400_000, {
    error: `scheduled_at may be at most ${MAX_SCHEDULE_DAYS} days ahead`,
  });

export const sendEmailInput = z.object({
  to: requiredAddressList,
  subject: z
    .string({ error: typeError("subject must be a string") })
    .min(1)
    .max(998),
  html: z.string({ error: typeError("html must be a string") }).optional(),
  text: z.string({ error: typeError("text must be a string") }).optional(),
  from: mailboxField().optional(),
  replyTo: mailboxField().optional(),
  cc: addressList.optional(),
  bcc: addressList.optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(255),
        // Said in the document; decodeAttachments is what is checked, with the 20 MB cap.
        content: z.string().meta({ pattern: BASE64.source, contentEncoding: "base64" }),
      }),
      {
        error: "attachments must be an array of {filename, content}",
      },
    )
    .max(100)
    .optional(),
  tags: z
    .array(
      z.object({
        name: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/, "tag names use letters, digits, _ and -"),
        value: z.string().max(256),
      }),
    )
    .max(50)
    .optional(),
  headers: customHeaders.optional(),
  scheduled_at: scheduledAt.optional(),
  idempotency_key: idempotencyKeyInput.optional(),
});
export type SendEmailInput = z.infer<typeof sendEmailInput>;

/** POST /api/v1/email/cancel: the email id, or its transaction id. */
export const cancelEmailInput = z.object({
  id: z
    .string({ error: typeError("id must be a string") })
    .min(1)
    .max(100)
    .describe("The scheduled message's email_id (eml_...) or transaction_id"),
});

// What the /api/v1/email endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
export const emailResult = loose({
  transaction_id: z.string(),
  email_id: z.string(),
  status: z.enum(["sent", "suppressed", "unknown", "scheduled", "cancelled"]),
  to: z.array(z.string()),
  from: z.string(),
  subject: z.string(),
  recipients: z.number().int(),
  price,
  remaining: z.number().int(),
  quota: z.object({ used: z.number().int(), remaining: z.number().int() }),
  scheduled_at: timestamp.optional().describe("When a scheduled message leaves (status scheduled)"),
  suppressed: z
    .array(z.string())
    .optional()
    .describe(
      "When every recipient was suppressed (status suppressed): the addresses, each on the suppression list (email.suppressed is raised for each)",
    ),
  created_at: timestamp,
});
export const emailCancelled = loose({
  email_id: z.string(),
  transaction_id: z.string(),
  status: z.literal("cancelled"),
  scheduled_at: timestamp.nullable(),
  refunded: price.nullable().describe("The reservation released (live keys); null for a test key"),
});
export const emailBatchResult = loose({
  batch_id: z.string(),
  results: z.array(
    loose({ index: z.number().int(), transaction_id: z.string(), email_id: z.string(), status: z.string() }),
  ),
});
export const emailStatus = loose({
  transaction_id: z.string(),
  email_id: z.string(),
  batch_id: z.string().nullable(),
  status: z.enum(["pending", "sent", "delivered", "failed", "unknown", "scheduled", "cancelled"]),
  from: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  bcc: z.array(z.string()),
  reply_to: z.string().nullable(),
  subject: z.string(),
  recipients: z.number().int().describe("How many addresses the message went to (to, cc and bcc)"),
  tags: z.array(z.object({ name: z.string(), value: z.string() })),
  price: price,
  error: z.object({ code: z.string(), message: z.string().nullable(), explanation: explanationAnswer }).nullable(),
  scheduled_at: timestamp.nullable(),
  delivery_reports: z
    .enum(["requested", "unsupported"])
    .nullable()
    .describe("unsupported: the relay offered no DSN, so email.delivered cannot come; null: not handed over yet"),
  engagements: z
    .array(loose({ type: z.enum(ENGAGEMENT_KINDS), url: z.string().optional(), at: timestamp }))
    .describe("Every open and click tracking saw, oldest first (up to 200)"),
  events: z
    .array(loose({ event: z.string(), timestamp, data: z.unknown() }))
    .describe("The message's events, oldest first, each as its webhook carried it"),
  created_at: timestamp,
  updated_at: timestamp,
});
