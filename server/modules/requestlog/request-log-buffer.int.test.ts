import { describe, expect, it } from "vitest";
import { db } from "../../db/client";
import { flushRequestLog, recordRequest, type RequestLogLine } from "./request-log-buffer";
import { apiCustomer } from "../../../test/api";

describe("the request log buffer", () => {
  it("writes a batch of lines of every kind in one flush", async () => {
    const c = await apiCustomer();
    const line = (over: Partial<RequestLogLine>): RequestLogLine => ({
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
    recordRequest(line({}));
    recordRequest(
      line({
        status: 400,
        errorCode: "INVALID_PHONE_NUMBER",
        transactionId: null,
        mode: "test",
        apiKeyId: c.testKeyId,
      }),
    );
    recordRequest(
      line({
        accountId: null,
        apiKeyId: null,
        keyPrefix: null,
        mode: null,
        status: 401,
        errorCode: "UNAUTHORIZED",
        service: null,
      }),
    );
    recordRequest(line({ idempotentReplay: true }));
    await flushRequestLog();
    const rows = await db().requestLog.findMany({
      where: { OR: [{ accountId: c.accountId }, { errorCode: "UNAUTHORIZED" }] },
      orderBy: { id: "asc" },
    });
    expect(rows.map((r) => [r.status, r.errorCode, r.mode, r.service, r.idempotentReplay])).toEqual([
      [200, null, "live", "sms", false],
      [400, "INVALID_PHONE_NUMBER", "test", "sms", false],
      [401, "UNAUTHORIZED", null, null, false],
      [200, null, "live", "sms", true],
    ]);
  });
});
