import { z } from "zod";
import { rowIdInput } from "../../lib/row-id-input";
import { timestamp } from "../../lib/response-parts";

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
  cursor: rowIdInput().optional(),
});
export type ListRequestsInput = z.infer<typeof listRequestsInput>;

/** GET /api/v1/requests: the request log for code, filtered as the dashboard filters it. */
export const apiListRequestsInput = z.object({
  status: z
    .enum(["2xx", "4xx", "5xx"], { error: 'status must be "2xx", "4xx" or "5xx"' })
    .optional()
    .describe("Only answers in this class"),
  error_code: z
    .string()
    .trim()
    .max(40)
    .optional()
    .describe("Only answers with this error code, e.g. INVALID_PHONE_NUMBER"),
  path: z.string().trim().max(200).optional().describe("Only paths containing this, e.g. /sms"),
  since: z.iso
    .datetime({ offset: true, error: "since must be an ISO 8601 time, e.g. 2026-11-22T08:00:00Z" })
    .optional()
    .describe("Only requests at or after this time"),
  cursor: rowIdInput("cursor must be the next_cursor of a previous page")
    .optional()
    .describe("next_cursor of the previous page"),
});

// What the /api/v1/requests endpoints answer inside `data`, beside what they take: the OpenAPI document is generated from both.
export const requestLogPage = z.object({
  requests: z.array(
    z.object({
      request_id: z.string(),
      method: z.string(),
      path: z.string(),
      status: z.number().int(),
      error_code: z.string().nullable(),
      duration_ms: z.number().int(),
      mode: z.enum(["test", "live"]).nullable(),
      key_prefix: z.string().nullable(),
      transaction_id: z.string().nullable(),
      created_at: timestamp,
    }),
  ),
  next_cursor: z.string().nullable().describe("Pass as cursor for the next (older) page; null on the last page"),
});
