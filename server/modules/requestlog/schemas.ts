import { z } from "zod";

export const listRequestsInput = z.object({
  accountId: z.string().min(1),
  status: z.enum(["2xx", "4xx", "5xx"]).optional(),
  code: z.string().trim().max(40).optional(),
  path: z.string().trim().max(200).optional(),
  keyPrefix: z.string().trim().max(40).optional(),
  /** X-Request-Id of one answer: finds that one line. */
  requestId: z.string().trim().max(40).optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
  cursor: z.string().regex(/^\d+$/).optional(),
});
export type ListRequestsInput = z.infer<typeof listRequestsInput>;
