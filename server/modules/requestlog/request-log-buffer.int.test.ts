import { describe, expect, it } from "vitest";
import { db, sql } from "../../db/client";
import { flushRequestLog, recordRequest, requestLogStats } from "./request-log-buffer";
import { apiCustomer } from "../../../test/api";
import { waitUntil } from "../../../test/wait-until";
import { requestLogLineFor } from "../../../test/request-log-line";

describe("the request log buffer", () => {
  it("writes a batch of lines of every kind in one flush", async () => {
    const c = await apiCustomer();
    const line = requestLogLineFor(c);
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

  it("keeps a batch the database refused and writes it, once, when the database takes it again", async () => {
    const c = await apiCustomer();
    const line = requestLogLineFor(c);
    const before = requestLogStats();
    // The table is out of reach for a moment, as during a database restart.
    await sql().query(`ALTER TABLE request_logs RENAME TO request_logs_away`);
    try {
      for (let i = 0; i < 3; i++) recordRequest(line({ status: 503, errorCode: "SERVICE_UNAVAILABLE", latencyMs: i }));
      await flushRequestLog();
      expect(requestLogStats().held).toBe(3);
    } finally {
      await sql().query(`ALTER TABLE request_logs_away RENAME TO request_logs`);
    }
    // The retry runs by itself (backoff), without another request arriving.
    await waitUntil(() => requestLogStats().held === 0, "the held lines to be written", { timeoutMs: 10_000 });
    const rows = await db().requestLog.findMany({ where: { accountId: c.accountId }, orderBy: { latencyMs: "asc" } });
    expect(rows.map((r) => [r.status, r.errorCode, r.latencyMs])).toEqual([
      [503, "SERVICE_UNAVAILABLE", 0],
      [503, "SERVICE_UNAVAILABLE", 1],
      [503, "SERVICE_UNAVAILABLE", 2],
    ]);
    expect(requestLogStats().dropped).toBe(before.dropped);
  });
});
