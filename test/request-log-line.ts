import type { RequestLogLine } from "../server/modules/requestlog/request-log-buffer";
import type { apiCustomer } from "./api";

/** A request-log line of the customer's live key, a successful SMS send unless `over` says otherwise. */
export function requestLogLineFor(c: Awaited<ReturnType<typeof apiCustomer>>) {
  return (over: Partial<RequestLogLine>): RequestLogLine => ({
    createdAt: new Date(),
    accountId: c.accountId,
    apiKeyId: c.liveKeyId,
    keyPrefix: c.liveKey.slice(0, 16),
    mode: "live",
    method: "POST",
    path: "/api/v1/sms/send",
    status: 200,
    errorCode: null,
    latencyMs: 12,
    transactionId: "sms_a_b",
    idempotentReplay: false,
    service: "sms",
    ...over,
  });
}
