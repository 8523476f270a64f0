import { z } from "zod";
import { answersWith } from "../../errors/field-codes";
import { mailboxField, requiredAddressList } from "./schemas";

export const MAX_BATCH = 100;

/** The only fields honoured per item (SPEC 4.2 rule 1); anything else is ignored. */
export const batchItemSchema = z.object({
  to: requiredAddressList,
  subject: z.string().min(1).max(998),
  html: z.string().optional(),
  text: z.string().optional(),
  from: mailboxField().optional(),
  replyTo: mailboxField().optional(),
  tags: z
    .array(z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/), value: z.string().max(256) }))
    .max(50)
    .optional(),
});
export type BatchItem = z.infer<typeof batchItemSchema>;

// SPEC 4.2: a missing, non-array or empty list is INVALID_INPUT, more than 100 is BATCH_LIMIT_EXCEEDED,
// an item without to or subject is MISSING_FIELD naming its index.
export const sendBatchInput = z.object({
  emails: answersWith(
    z
      .array(batchItemSchema, { error: "emails must be a non-empty array of messages" })
      .min(1, "emails must be a non-empty array of messages")
      .max(MAX_BATCH, {
        error: (issue) => `${(issue.input as unknown[]).length} emails in one batch; the limit is ${MAX_BATCH}`,
      }),
    {
      code: "INVALID_INPUT",
      byIssue: { too_big: "BATCH_LIMIT_EXCEEDED" },
      missing: "emails must be a non-empty array of messages",
      context: { limit: MAX_BATCH },
    },
  ),
});
