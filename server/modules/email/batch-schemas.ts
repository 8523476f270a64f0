import { z } from "zod";

export const MAX_BATCH = 100;

// The batch body is checked by prepareBatch itself: SPEC 4.2 wants its own
// codes (INVALID_INPUT, BATCH_LIMIT_EXCEEDED, MISSING_FIELD naming the index).
export const sendBatchInput = z.object({ emails: z.unknown().optional() });

/** The only fields honoured per item (SPEC 4.2 rule 1); anything else is ignored. */
export const batchItemSchema = z.object({
  to: z.union([z.string(), z.array(z.string())]),
  subject: z.string().max(998),
  html: z.string().optional(),
  text: z.string().optional(),
  from: z.string().optional(),
  replyTo: z.string().optional(),
  tags: z
    .array(z.object({ name: z.string().regex(/^[A-Za-z0-9_-]{1,256}$/), value: z.string().max(256) }))
    .max(50)
    .optional(),
});
export type BatchItem = z.infer<typeof batchItemSchema>;
