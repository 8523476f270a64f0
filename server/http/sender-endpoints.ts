// /api/v1/sender-ids and /api/v1/phone-numbers: what the Domains & senders page does, for code (docs/decisions.md, "Senders, content rules and replies").
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { deleted } from "../lib/response-parts";
import { AppError } from "../errors/app-error";
import { listSenders } from "../modules/senders/list-senders";
import { registerSenderId } from "../modules/senders/register-sender-id";
import { removeSenderId } from "../modules/senders/remove-sender-id";
import { startNumberVerification } from "../modules/senders/start-number-verification";
import { confirmNumberVerification } from "../modules/senders/confirm-number-verification";
import { removeVerifiedNumber } from "../modules/senders/remove-verified-number";
import {
  phoneNumberQuery,
  registerSenderIdInput,
  senderIdQuery,
  startPhoneNumberInput,
  verifyPhoneNumberInput,
  phoneNumber,
  senderId,
} from "../modules/senders/schemas";

const base = { auth: "key", scope: "senders:manage" } as const;

function deletedOrNotFound(what: string) {
  return (result: { id: string; deleted: boolean }) => {
    if (!result.deleted) throw new AppError("NOT_FOUND", { message: `No ${what} ${result.id}` });
    return { id: result.id, deleted: true as const };
  };
}

export const listSenderIdsEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/sender-ids",
  summary: "List the account's sender IDs, per market, with their status",
  docs: { response: z.object({ sender_ids: z.array(senderId) }) },
  input: { from: "query", schema: z.object({}) },
  execute: async ({ caller }) => ({
    data: { sender_ids: (await listSenders({ accountId: caller.accountId })).sender_ids },
  }),
});

export const registerSenderIdEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/sender-ids",
  summary: "Apply for an alphanumeric sender ID in one market: each of its networks approves it on its own",
  docs: {
    status: 201,
    response: senderId,
    errors: ["INVALID_COUNTRY", "CONFLICT"],
    rules: [
      "country: one GET /api/v1/sms/countries lists (INVALID_COUNTRY), whose carriers take sender IDs (sender_id_supported; otherwise 400 INVALID_REQUEST, reason sender_id_unsupported).",
      "Each network of the country (GET /api/v1/sms/countries, networks) decides on its own: networks[] says pending, approved or rejected (with the reason) per network, and sender_id.approved / sender_id.rejected name the network. A send from the sender ID to a number on a network that has not approved it is refused (SMS_SEND_FAILED, reason sender_id_not_approved_on_network) unless it asks for sender_fallback.",
      `documents: JSON, each { filename, content_base64 }; a document whose content is not a PDF, PNG or JPEG (whatever its name says) is 400 INVALID_REQUEST with reason document_type, one over 5 MB reason document_too_large, naming it (field documents[i]); nothing is written. Documents are only ever shown to the account's members and to staff, as downloads.`,
    ],
  },
  // Three documents of 5 MB, in base64.
  input: { from: "body", schema: registerSenderIdInput, maxBytes: 21 * 1024 * 1024 },
  execute: async ({ input, caller }) => ({
    status: 201,
    data: await registerSenderId({
      accountId: caller.accountId,
      name: input.sender_id,
      countryIso: input.country,
      useCase: input.use_case,
      sampleMessage: input.sample_message,
      companyName: input.company_name,
      documents: input.documents,
    }),
  }),
  audit: ({ input, data }) => ({
    action: "sender_id.applied",
    target: (data as { id: string }).id,
    data: { name: input.sender_id, country: input.country },
  }),
});

export const deleteSenderIdEndpoint = defineEndpoint({
  ...base,
  method: "DELETE",
  path: "/api/v1/sender-ids",
  summary: "Withdraw a sender ID (?id=)",
  docs: { response: deleted, errors: ["MISSING_ID", "NOT_FOUND"] },
  input: { from: "query", schema: senderIdQuery },
  execute: async ({ input, caller }) => ({
    data: deletedOrNotFound("sender ID")(await removeSenderId({ accountId: caller.accountId, id: input.id })),
  }),
  audit: ({ input }) => ({ action: "sender_id.removed", target: input.id }),
});

export const listPhoneNumbersEndpoint = defineEndpoint({
  ...base,
  method: "GET",
  path: "/api/v1/phone-numbers",
  summary: "List the account's phone numbers (verified ones may be used as `from`)",
  docs: { response: z.object({ phone_numbers: z.array(phoneNumber) }) },
  input: { from: "query", schema: z.object({}) },
  execute: async ({ caller }) => ({
    data: { phone_numbers: (await listSenders({ accountId: caller.accountId })).numbers },
  }),
});

export const startPhoneNumberEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/phone-numbers",
  summary: "Text a 6-digit code to a mobile number, to verify it as a sender (asking again sends a new code)",
  docs: {
    response: z.object({
      code_sent: z.boolean(),
      number: phoneNumber,
      note: z.string().optional().describe("Why no code was sent, when code_sent is false"),
    }),
    errors: ["INVALID_PHONE_NUMBER", "RATE_LIMIT_EXCEEDED", "CONFLICT"],
  },
  input: { from: "body", schema: startPhoneNumberInput },
  execute: async ({ input, caller }) => ({
    data: await startNumberVerification({ accountId: caller.accountId, number: input.number }),
  }),
});

export const verifyPhoneNumberEndpoint = defineEndpoint({
  ...base,
  method: "POST",
  path: "/api/v1/phone-numbers/verify",
  summary: "Confirm a phone number with the code it received",
  docs: { response: phoneNumber, errors: ["NOT_FOUND", "RATE_LIMIT_EXCEEDED"] },
  input: { from: "body", schema: verifyPhoneNumberInput },
  execute: async ({ input, caller }) => ({
    data: await confirmNumberVerification({ accountId: caller.accountId, id: input.id, code: input.code }),
  }),
  audit: ({ input }) => ({ action: "sender_number.verified", target: input.id }),
});

export const deletePhoneNumberEndpoint = defineEndpoint({
  ...base,
  method: "DELETE",
  path: "/api/v1/phone-numbers",
  summary: "Stop sending from a phone number (?id=)",
  docs: { response: deleted, errors: ["MISSING_ID", "NOT_FOUND"] },
  input: { from: "query", schema: phoneNumberQuery },
  execute: async ({ input, caller }) => ({
    data: deletedOrNotFound("phone number")(await removeVerifiedNumber({ accountId: caller.accountId, id: input.id })),
  }),
  audit: ({ input }) => ({ action: "sender_number.removed", target: input.id }),
});

export const SENDER_ENDPOINTS = [
  listSenderIdsEndpoint,
  registerSenderIdEndpoint,
  deleteSenderIdEndpoint,
  listPhoneNumbersEndpoint,
  startPhoneNumberEndpoint,
  verifyPhoneNumberEndpoint,
  deletePhoneNumberEndpoint,
];
