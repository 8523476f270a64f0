// GET /api/v1/requests: the request log, as the dashboard shows it, for code (docs/decisions.md, "The request log").
import { defineEndpoint } from "./endpoint";
import { listRequests } from "../modules/requestlog/list-requests";
import { apiListRequestsInput, requestLogPage } from "../modules/requestlog/schemas";
import { flushRequestLog } from "../modules/requestlog/request-log-buffer";

export const listRequestsEndpoint = defineEndpoint({
  auth: "key",
  scope: "transactions:read",
  method: "GET",
  path: "/api/v1/requests",
  summary: "The account's request log, newest first, 50 a page (filters: status, error_code, path, since)",
  docs: {
    response: requestLogPage,
    rules: [
      "Lines are kept for the deployment's request-log retention (90 days unless its operator set KASA_REQUEST_LOG_RETENTION_DAYS), removed a week at a time.",
    ],
  },
  input: { from: "query", schema: apiListRequestsInput },
  execute: async ({ input, caller }) => {
    // Lines are written in batches after each answer: what this process holds is written first, so a request
    // made just before this one is in the page.
    await flushRequestLog();
    const page = await listRequests({
      accountId: caller.accountId,
      status: input.status,
      code: input.error_code,
      path: input.path,
      from: input.since ? new Date(input.since) : undefined,
      cursor: input.cursor,
    });
    return {
      data: {
        requests: page.items.map((r) => ({
          request_id: r.requestId ?? `line_${r.id}`,
          method: r.method,
          path: r.path,
          status: r.status,
          error_code: r.errorCode,
          duration_ms: r.latencyMs,
          mode: r.mode,
          key_prefix: r.keyPrefix,
          transaction_id: r.transactionId,
          created_at: r.createdAt.toISOString(),
        })),
        next_cursor: page.nextCursor,
      },
    };
  },
});
