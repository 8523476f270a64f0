import { describe, expect, it } from "vitest";
import { apiCustomer } from "../../../test/api";
import { requestLogLineFor } from "../../../test/request-log-line";
import { flushRequestLog, recordRequest } from "./request-log-buffer";
import { latestErrorLines, listRequests } from "./list-requests";

describe("the request log's filters", () => {
  it("find lines by key, by path and key together, and the newest errors of both classes", async () => {
    const c = await apiCustomer();
    const line = requestLogLineFor(c);
    const testPrefix = c.testKey.slice(0, 16);
    const at = (s: number) => new Date(Date.now() - 60_000 + s * 1000);
    recordRequest(line({ createdAt: at(1), path: "/api/v1/sms/send", status: 200 }));
    recordRequest(line({ createdAt: at(2), path: "/api/v1/balance", status: 200, keyPrefix: testPrefix }));
    recordRequest(line({ createdAt: at(3), path: "/api/v1/sms/send", status: 400, keyPrefix: testPrefix }));
    recordRequest(line({ createdAt: at(4), path: "/api/v1/sms/status", status: 503 }));
    recordRequest(line({ createdAt: at(5), path: "/api/v1/email/send", status: 422 }));
    await flushRequestLog();
    const paths = async (filter: { path?: string; keyPrefix?: string }) =>
      (await listRequests({ accountId: c.accountId, ...filter })).items.map((r) => `${r.path} ${r.status}`);

    expect(await paths({ keyPrefix: "kasa_test_" })).toEqual(["/api/v1/sms/send 400", "/api/v1/balance 200"]);
    expect(await paths({ path: "/sms", keyPrefix: "kasa_live_" })).toEqual([
      "/api/v1/sms/status 503",
      "/api/v1/sms/send 200",
    ]);
    expect(await paths({ path: "/sms", keyPrefix: "kasa_nobody_" })).toEqual([]);
    expect((await latestErrorLines(c.accountId, 2)).map((r) => r.status)).toEqual([422, 503]);
    expect((await latestErrorLines(c.accountId, 20)).map((r) => r.status)).toEqual([422, 503, 400]);
  });
});
