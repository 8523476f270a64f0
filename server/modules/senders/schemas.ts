// The inputs of the sender endpoints (/api/v1/sender-ids, /api/v1/phone-numbers), one schema each.
import { z } from "zod";
import { answersWith } from "../../errors/field-codes";
import { idQueryInput } from "../../lib/id-input";

export const registerSenderIdInput = z.object({
  // The same rule as SENDER_ID_PATTERN, written without a look-ahead so that any client's regex engine reads it.
  sender_id: z
    .string({ error: "sender_id must be a string" })
    .min(1, "sender_id is 1 to 11 characters")
    .max(11, "sender_id is 1 to 11 characters")
    .regex(
      /^[A-Za-z0-9.&_-]*[A-Za-z][A-Za-z0-9 .&_-]*$/,
      "A sender ID is 1 to 11 letters, digits, spaces or . & _ -, with at least one letter",
    )
    .describe("1 to 11 letters, digits, spaces or . & _ -, with at least one letter"),
  country: answersWith(
    z.string({ error: "country must be an ISO 3166-1 alpha-2 code" }).length(2).describe("The market, e.g. GH"),
    { code: "INVALID_COUNTRY", missing: "country is required: an ISO 3166-1 alpha-2 code" },
  ),
  use_case: z.string().max(500).optional().describe("What the sender ID is for (carriers ask)"),
});

export const startPhoneNumberInput = z.object({
  number: answersWith(z.string({ error: "number must be a string" }).describe("The mobile number, E.164"), {
    code: "INVALID_PHONE_NUMBER",
    missing: "number is required, in E.164 (+233241234567)",
  }),
});

export const verifyPhoneNumberInput = z.object({
  id: z.string({ error: "id must be a string" }).min(1).max(100).describe("The phone number's id"),
  code: z.string({ error: "code must be a string" }).max(12).describe("The 6-digit code texted to the number"),
});

export const senderIdQuery = idQueryInput("sender ID");
export const phoneNumberQuery = idQueryInput("phone number");
