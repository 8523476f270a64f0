// The inputs of the sender endpoints (/api/v1/sender-ids, /api/v1/phone-numbers), one schema each, then what they answer.
import { z } from "zod";
import { answersWith } from "../../errors/field-codes";
import { idQueryInput } from "../../lib/id-input";
import { BASE64, E164_DOCUMENTED } from "../../lib/string-formats";
import { SENDER_ID_PLAIN_PATTERN } from "../sms/check-sender";
import { typeError } from "../../errors/type-error";
import { loose, timestamp } from "../../lib/response-parts";
import { NUMBER_STATUSES, SENDER_ID_STATUSES } from "./sender-views";
import { MAX_DOCUMENTS } from "./sender-documents";

export const registerSenderIdInput = z.object({
  sender_id: z
    .string({ error: typeError("sender_id must be a string") })
    .min(1, "sender_id is 1 to 11 characters")
    .max(11, "sender_id is 1 to 11 characters")
    .regex(
      SENDER_ID_PLAIN_PATTERN,
      "A sender ID is 1 to 11 letters, digits, spaces or . & _ -, with at least one letter",
    )
    .describe("1 to 11 letters, digits, spaces or . & _ -, with at least one letter"),
  country: answersWith(
    z
      .string({ error: typeError("country must be an ISO 3166-1 alpha-2 code") })
      .trim()
      .regex(/^[A-Za-z]{2}$/, "country must be an ISO 3166-1 alpha-2 code, e.g. GH")
      .describe("The market, e.g. GH: a country GET /api/v1/sms/countries lists"),
    { code: "INVALID_COUNTRY", missing: "country is required: an ISO 3166-1 alpha-2 code" },
  ),
  use_case: z.string().max(500).optional().describe("What the sender ID is for (carriers ask)"),
  sample_message: z
    .string({ error: typeError("sample_message must be a string") })
    .max(918)
    .optional()
    .describe("A message as it will be sent under the sender ID (the networks ask for one)"),
  company_name: z
    .string({ error: typeError("company_name must be a string") })
    .max(200)
    .optional()
    .describe("The registered company the sender ID stands for"),
  documents: z
    .array(
      z.object({
        filename: z
          .string({ error: typeError("filename must be a string") })
          .min(1)
          .max(200),
        content_base64: z
          .string({ error: typeError("content_base64 must be a string") })
          // Said in the document; readSenderDocument is what is checked (the bytes, and the 5 MB cap decoded).
          .min(8)
          .max(7_000_000)
          .meta({ pattern: BASE64.source, contentEncoding: "base64" })
          .describe("The file, base64 (at most 5 MB decoded)"),
      }),
      { error: typeError("documents must be an array") },
    )
    .max(MAX_DOCUMENTS, `At most ${MAX_DOCUMENTS} documents`)
    .optional()
    .describe(
      `Up to ${MAX_DOCUMENTS} supporting documents (a company registration, a letter of authorisation): PDF, PNG or JPEG as the file's content shows, 5 MB each`,
    ),
});

export const startPhoneNumberInput = z.object({
  number: answersWith(
    z
      .string({ error: typeError("number must be a string") })
      // Said in the document; the use case checks the number exists and is a mobile (libphonenumber).
      .meta(E164_DOCUMENTED)
      .describe("The mobile number, E.164: a mobile in its country's numbering plan"),
    {
      code: "INVALID_PHONE_NUMBER",
      missing: "number is required, in E.164 (+233241234567)",
    },
  ),
});

export const verifyPhoneNumberInput = z.object({
  id: z
    .string({ error: typeError("id must be a string") })
    .min(1)
    .max(100)
    .describe("The phone number's id"),
  code: z
    .string({ error: typeError("code must be a string") })
    .max(12)
    .describe("The 6-digit code texted to the number"),
});

export const senderIdQuery = idQueryInput("sender ID");
export const phoneNumberQuery = idQueryInput("phone number");

// What the sender endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
export const senderId = loose({
  id: z.string(),
  name: z.string(),
  country: z.string().describe("ISO 3166-1 alpha-2"),
  status: z
    .enum(SENDER_ID_STATUSES)
    .describe("approved when at least one network approved it, rejected when every one rejected it, else pending"),
  use_case: z.string().nullable(),
  sample_message: z.string().nullable(),
  company_name: z.string().nullable(),
  networks: z
    .array(
      z.object({
        network: z.string().describe('The network\'s API name ("mtn")'),
        name: z.string(),
        status: z.enum(SENDER_ID_STATUSES),
        reason: z.string().nullable().describe("Why it was rejected"),
        decided_at: timestamp.nullable(),
      }),
    )
    .describe("Each network of the country decides on its own; empty where Kasa lists no networks for the country"),
  documents: z.array(
    z.object({ id: z.string(), filename: z.string(), content_type: z.string(), size_bytes: z.number().int() }),
  ),
  decision_note: z.string().nullable(),
  decided_at: timestamp.nullable(),
  created_at: timestamp,
});
export const phoneNumber = loose({
  id: z.string(),
  number: z.string().describe("E.164"),
  status: z.enum(NUMBER_STATUSES),
  verified_at: timestamp.nullable(),
  created_at: timestamp,
});
